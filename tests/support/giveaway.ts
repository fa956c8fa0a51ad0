// What the giveaway's API tests and benchmark share: a running promotion and a valid entry.

import { type PromotionValues, promotionValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { createPromotion } from '../../src/features/giveaway/promotions.server.ts';
import type { TestApi } from './test-api.ts';

/** A promotion around the test clock's day (2026-05-01 in New York). */
export const runningPromotion = (t: TestApi, changes: Partial<PromotionValues> = {}, id?: string) =>
  createPromotion(t.deps, promotionValues(changes), id);

export interface EnterOptions {
  ticket?: string;
  ip?: string;
  token?: string;
  extra?: Record<string, unknown>;
}

let clients = 0;
/** A new client address each time, so the per-address ceiling of the form guard is not what a test meets. */
export const nextIp = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

/** Posts an entry with a fresh human-check token, as the form would. */
export async function enter(t: TestApi, promotionId: string, body: object, options: EnterOptions = {}) {
  const ticket = options.ticket ?? (await t.ticket('giveaway'));
  const human = await t.humanToken('giveaway');
  return t.call('POST', `/promotion/${promotionId}/entry?cb=${t.now()}`, {
    body: { ...body, form_ticket: ticket, human_check_token: human, website: '', ...options.extra },
    ip: options.ip ?? nextIp(),
    token: options.token,
  });
}
