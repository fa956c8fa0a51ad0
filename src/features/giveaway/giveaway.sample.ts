// Giveaway data, one source for the seed (src/features/giveaway/giveaway.seed.ts), the API tests
// and benchmark (tests/support/giveaway.ts) and the browser tests: promotions, the entry a
// visitor sends, and entries written straight to the database.

import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import type { Database, GiveawayEntriesTable, PromotionsTable } from '../../server/db/schema.ts';
// Types only: the feature's form module is browser code.
import type { EntryPayload } from './giveaway.ts';

export type PromotionValues = Omit<Insertable<PromotionsTable>, 'id' | 'created_at' | 'updated_at'>;

/** A promotion around a given day (default: the API tests' clock day, 2026-05-01 in New York). */
export const promotionValues = (overrides: Partial<PromotionValues> = {}): PromotionValues => ({
  title: 'Spring Fuel Giveaway',
  prize: '$100 gift card',
  prize_value_cents: 10_000,
  starts_on: '2026-04-01',
  ends_on: '2026-05-31',
  draw_on: '2026-06-03',
  ...overrides,
});

/** The entry payload of product.md 3 as the form sends it, for a given address. */
export const entryValues = (email: string, overrides: Partial<EntryPayload> = {}): EntryPayload => ({
  first_name: 'Dana',
  last_name: 'Miller',
  address_1: '814 Lexington Ave Apt 2',
  city: 'Warren',
  state: 'PA',
  zip: '16365',
  phone: '(814) 555-0123',
  email,
  rules_accepted: true,
  ...overrides,
});

/** Entrants of the sample promotions: first, last, city, state, zip. */
export const SAMPLE_PEOPLE = [
  ['Alice', 'Johnson', 'Bradford', 'PA', '16701'],
  ['Brian', 'Kowalski', 'Jamestown', 'NY', '14701'],
  ['Carla', 'Nguyen', 'Erie', 'PA', '16501'],
  ['Derek', 'Owens', 'Youngstown', 'OH', '44503'],
  ['Emma', 'Schultz', 'Olean', 'NY', '14760'],
  ['Frank', 'Deluca', 'Oil City', 'PA', '16301'],
  ['Grace', 'Whitfield', 'Ashtabula', 'OH', '44004'],
  ['Henry', 'Baptiste', 'Warren', 'PA', '16365'],
  ['Irene', 'Castillo', 'Dunkirk', 'NY', '14048'],
  ['James', 'Pryor', 'Meadville', 'PA', '16335'],
  ['Karen', 'Lindqvist', 'Salamanca', 'NY', '14779'],
  ['Luis', 'Moreno', 'Conneaut', 'OH', '44030'],
] as const;

/** What a test may store other than the API would: a member's entry, another day, a mailbox as typed. */
type StoredFields = Partial<
  Pick<Insertable<GiveawayEntriesTable>, 'entry_day' | 'person_key' | 'user_id' | 'account_key'>
>;

/** An entry written straight to the database (as the API would store it, but `stored`), at time `at`. */
export async function insertEntry(
  db: Kysely<Database>,
  promotionId: string,
  { rules_accepted: _, ...entry }: Omit<EntryPayload, 'rules_accepted'> & { rules_accepted?: boolean },
  at: number,
  id: string = randomUUID(),
  stored: StoredFields = {},
) {
  const row = {
    ...entry,
    id,
    promotion_id: promotionId,
    person_key: mailboxOf(entry.email),
    entry_day: chainDay(at),
    user_id: null,
    phone: entry.phone.replace(/\D/g, ''),
    created_at: at,
    ...stored,
  };
  await db.insertInto('giveaway_entries').values(row).execute();
  return row;
}
