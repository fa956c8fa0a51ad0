// What the on-demand rules pages read, through the API in-process (as any client reads it).
import { loadConfig } from '../../server/config';
import { getApp } from '../../server/runtime';
import type { RulesPromotion } from './rules';

async function read<T>(path: string): Promise<T | undefined> {
  const app = await getApp();
  const answer = await app.request(`/api/v1${path}`, { headers: { 'X-API-Key': loadConfig().publicApiKey } });
  return answer.ok ? ((await answer.json()) as T) : undefined;
}

export const promotionForRules = (id: string) => read<RulesPromotion>(`/promotion/${encodeURIComponent(id)}`);

export async function runningPromotionId(): Promise<string | undefined> {
  return (await read<{ items: { id: string }[] }>('/promotion?active_only=true'))?.items[0]?.id;
}
