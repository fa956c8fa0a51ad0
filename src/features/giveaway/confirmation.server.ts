// Winners' confirmation (docs/decisions/0015): a token per potential winner, stored as its SHA-256
// only, valid until the promotion's deadline and used once (the decision clears it). A confirmed
// winner is published (winners.server.ts); a declined or lapsed one is replaced by `draw alternate`.
import type { Kysely } from 'kysely';
import { queuePurge } from '../../server/cdn-purge.ts';
import type { Database } from '../../server/db/schema.ts';
import { ApiError } from '../../server/errors.ts';
import type { KeepAnswer } from '../../server/idempotency.ts';
import { randomToken, sha256 } from '../../server/tokens.ts';
import { CONFIRM_PARAM, CONFIRM_PATH, CONFIRMATION_MESSAGES, type PendingPrize } from './confirmation.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Deps {
  db: Kysely<Database>;
  now: () => number;
}

/** A fresh token for a winner, its hash to store, and the deadline `days` from `now`. */
export function newConfirmation(now: number, days: number) {
  const token = randomToken(32);
  return { token, hash: sha256(token), confirmBy: now + days * DAY_MS };
}

/** The link in the winner mail. */
export const confirmLink = (siteUrl: string, token: string): string =>
  `${new URL(CONFIRM_PATH, siteUrl)}?${CONFIRM_PARAM}=${encodeURIComponent(token)}`;

/** An unknown, used, expired or replaced link (also a malformed one, giveaway.server.ts). */
export const invalidLink = () => new ApiError(404, 'invalid_link', CONFIRMATION_MESSAGES.invalid);

/** The pending prize a token stands for, or 404 invalid_link (unknown, used, expired or replaced). */
export async function pendingPrize(deps: Deps, token: string): Promise<PendingPrize> {
  const row = await deps.db
    .selectFrom('winners')
    .innerJoin('promotions', 'promotions.id', 'winners.promotion_id')
    .select(['promotions.title', 'winners.prize', 'winners.first_name', 'winners.confirm_by'])
    .where('winners.confirm_token_hash', '=', sha256(token))
    .where('winners.confirm_by', '>', deps.now())
    .where('winners.replaced_by', 'is', null)
    .executeTakeFirst();
  if (!row) throw invalidLink();
  return {
    promotion: row.title,
    prize: row.prize,
    first_name: row.first_name,
    confirm_by: new Date(Number(row.confirm_by)).toISOString(),
  };
}

/**
 * Records the winner's answer, once: one UPDATE that also clears the token, so of two answers
 * racing with one link only one is kept; the other, and any later one, is 404 invalid_link. A
 * confirmation publishes the winner, so the CDN's Previous Winners is purged with it (a decline
 * changes nothing public).
 */
export async function decide(deps: Deps, token: string, decision: 'confirm' | 'decline', keep?: KeepAnswer) {
  const now = deps.now();
  const answer = { state: decision === 'confirm' ? 'confirmed' : 'declined' } as const;
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('winners')
      .set(decision === 'confirm' ? { confirmed_at: now } : { declined_at: now })
      .set({ confirm_token_hash: null })
      .where('confirm_token_hash', '=', sha256(token))
      .where('confirm_by', '>', now)
      .where('replaced_by', 'is', null)
      .where('confirmed_at', 'is', null)
      .where('declined_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw invalidLink();
    if (decision === 'confirm') await queuePurge(trx, ['winners'], now);
    await keep?.(trx, answer);
  });
  return answer;
}

/** A winner's state as the operator sees it. */
export function winnerState(
  row: {
    confirmed_at: number | null;
    declined_at: number | null;
    confirm_by: number | null;
    replaced_by: string | null;
  },
  now: number,
): 'confirmed' | 'declined' | 'lapsed' | 'pending' | 'replaced' {
  if (row.confirmed_at !== null) return 'confirmed';
  if (row.replaced_by !== null) return 'replaced';
  if (row.declined_at !== null) return 'declined';
  if (row.confirm_by !== null && Number(row.confirm_by) <= now) return 'lapsed';
  return 'pending';
}
