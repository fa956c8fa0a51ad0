// One person, one entry (docs/decisions/0015), in two parts.
//
// A member enters once a day whatever email the form carries: `member_id` is the account of an entry
// made by a signed-in member, and a unique index holds (promotion_id, member_id, entry_day), beside
// the per-mailbox key of 0002. Why a column of its own rather than a unique index on user_id:
// databases made before this migration may already hold several entries of one account on one day
// (the attack that made this migration), and a unique index over them could not be built, so the
// migration would fail at start. The new column is null on every earlier row, so those rows are left
// as they are (nulls never collide, on SQLite and PostgreSQL alike) and every entry from now on is
// held. The index is partial, like 0015's, so guests' entries (member_id null) cost it nothing.
// (`user_id` is still the link to the account: it is cleared when the account is deleted.)
//
// The draw's audit record gains what a duplicate-aware draw needs to be repeated: `method` (1: the
// draws before this migration, one winner per person key; 2: one winner per person key and per
// account, the entry list's digest covering the account too) and `excluded_ids`, the entries the
// operator excluded as suspected duplicates (a JSON array of entry ids, null when none), which
// `draw verify` leaves out again before it repeats the draw.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('giveaway_entries').addColumn('member_id', 'text').execute();
  await db.schema
    .createIndex('giveaway_entries_member_once_a_day')
    .on('giveaway_entries')
    .columns(['promotion_id', 'member_id', 'entry_day'])
    .unique()
    .where(sql.ref('member_id'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('draws')
    .addColumn('method', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('draws').addColumn('excluded_ids', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('draws').dropColumn('excluded_ids').execute();
  await db.schema.alterTable('draws').dropColumn('method').execute();
  await db.schema.dropIndex('giveaway_entries_member_once_a_day').execute();
  await db.schema.alterTable('giveaway_entries').dropColumn('member_id').execute();
}
