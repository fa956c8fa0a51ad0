// Giveaway entries in the database. The entry limit (policy.ts: once a day per person) is held by two
// unique keys: (promotion_id, person_key, entry_day), the mailbox (entrant.ts), and, for a signed-in
// member, (promotion_id, member_id, entry_day), the account, whatever email the form carries
// (migration 0017). Of two simultaneous entries only one insert succeeds, on SQLite and on
// PostgreSQL alike, and the other answers 409.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../server/deps.ts';
import { ApiError, isUniqueViolation } from '../../server/errors.ts';
import { countStored } from '../../server/metrics.ts';
import { entryDay, personKey } from './entrant.ts';
import type { EntryPayload } from './giveaway.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';

export const ALREADY_ENTERED = [409, 'already_entered', GIVEAWAY_MESSAGES.alreadyEntered] as const;

/** Stores one entry for today (New York); 409 when this mailbox or this member has entered this promotion today. */
export async function recordEntry(
  deps: AppDeps,
  promotionId: string,
  entry: EntryPayload,
  userId: string | null,
  now: number = deps.now(),
) {
  const row = {
    id: randomUUID(),
    promotion_id: promotionId,
    person_key: personKey(entry.email),
    entry_day: entryDay(now),
    user_id: userId,
    member_id: userId,
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
  try {
    await deps.db.insertInto('giveaway_entries').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.of(ALREADY_ENTERED);
    throw error;
  }
  countStored('giveaway_entry');
  return { id: row.id, promotion_id: promotionId, entry_day: row.entry_day, entered_at: now };
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
