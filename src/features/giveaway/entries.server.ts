// Giveaway entries in the database. The entry limit (policy.ts: once a day per person) is held by
// `giveaway_entry_keys` (migration 0020): an entry stores one row per key it stands for, unique per
// promotion and day, in the transaction that stores the entry. Its keys (entryKeys): the mailbox it
// names and, for a signed-in member, the account and the account's own mailbox. So a member who
// entered under another address cannot enter again as a guest under the account's address, nor the
// other way round, and of two simultaneous entries only one succeeds, on SQLite and on PostgreSQL
// alike; the other answers 409. (The older keys of migrations 0002 and 0017 still stand; they are
// implied by these.)

import { randomUUID } from 'node:crypto';
import { chainDay } from '../../lib/dates.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import type { AppDeps } from '../../server/deps.ts';
import { ApiError, isUniqueViolation } from '../../server/errors.ts';
import type { KeepAnswer } from '../../server/idempotency.ts';
import { countStored } from '../../server/metrics.ts';
import type { EntryPayload } from './giveaway.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';

export const ALREADY_ENTERED = [409, 'already_entered', GIVEAWAY_MESSAGES.alreadyEntered] as const;

/** The signed-in member an entry is made by: the account and the address it was made with. */
export interface Member {
  id: string;
  email: string;
}

/** The keys an entry stands for (docs/decisions/0015): its mailbox, and a member's account and own mailbox. */
export function entryKeys(mailbox: string, member: Member | null): string[] {
  const keys = [`mailbox:${mailbox}`];
  if (member) keys.push(`account:${member.id}`, `mailbox:${mailboxOf(member.email)}`);
  return [...new Set(keys)];
}

/**
 * Stores one entry for today (New York), its keys and the entry in one transaction (with the
 * answer kept for a retry, `keep`); 409 when any person it stands for has entered this promotion today.
 */
export async function recordEntry(
  deps: AppDeps,
  promotionId: string,
  entry: EntryPayload,
  member: Member | null,
  { now = deps.now(), keep }: { now?: number; keep?: KeepAnswer } = {},
) {
  const row = {
    id: randomUUID(),
    promotion_id: promotionId,
    person_key: mailboxOf(entry.email),
    entry_day: chainDay(now),
    user_id: member?.id ?? null,
    member_id: member?.id ?? null,
    account_key: member ? mailboxOf(member.email) : null,
    first_name: entry.first_name,
    last_name: entry.last_name,
    address_1: entry.address_1,
    city: entry.city,
    state: entry.state,
    zip: entry.zip,
    phone: entry.phone,
    email: entry.email,
    created_at: now,
  };
  const keys = entryKeys(row.person_key, member).map((person) => ({
    promotion_id: promotionId,
    entry_day: row.entry_day,
    person,
    entry_id: row.id,
  }));
  const answer = { id: row.id, promotion_id: promotionId, entry_day: row.entry_day, entered_at: now };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('giveaway_entry_keys').values(keys).execute();
      await trx.insertInto('giveaway_entries').values(row).execute();
      await keep?.(trx, answer);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.of(ALREADY_ENTERED);
    throw error;
  }
  countStored('giveaway_entry');
  return answer;
}

/** GET /me/entries: the member's own entries, newest first, with the promotion's title. */
export async function memberEntries(deps: AppDeps, userId: string) {
  const rows = await deps.db
    .selectFrom('giveaway_entries')
    .innerJoin('promotions', 'promotions.id', 'giveaway_entries.promotion_id')
    .select(['giveaway_entries.id', 'promotions.title', 'giveaway_entries.created_at'])
    .where('giveaway_entries.user_id', '=', userId)
    .orderBy('giveaway_entries.created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    promotion: row.title,
    entered_at: new Date(row.created_at).toISOString(),
  }));
}
