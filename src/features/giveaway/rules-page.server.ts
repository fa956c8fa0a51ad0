// What the on-demand rules pages read: the API through the in-process client (as any client reads it).
import { inProcessApi, readOrMissing } from '../../server/in-process-client.ts';
import type { RulesPromotion } from './rules.ts';

/** The promotion's rules, or undefined when there is no such promotion. */
export const promotionForRules = (id: string): Promise<RulesPromotion | undefined> =>
  readOrMissing(inProcessApi().promotion[':id'].$get({ param: { id } }));

export async function runningPromotionId(): Promise<string | undefined> {
  const running = await readOrMissing(inProcessApi().promotion.$get({ query: { active_only: 'true' } }));
  return running?.items[0]?.id;
}
