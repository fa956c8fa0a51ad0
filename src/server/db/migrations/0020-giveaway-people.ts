// One person, one entry a day, and a prize to a confirmed person once (docs/decisions/0015).
//
// `giveaway_entry_keys`: every key one entry stands for, one row each, unique per promotion and day.
// An entry holds its mailbox ('mailbox:' + person_key) and, made by a signed-in member, the account
// ('account:' + id) and the account's own mailbox; so a guest entry under a member's address and
// that member's entry under any other address want the same row, and only one insert succeeds, on
// SQLite and PostgreSQL alike (a primary key, not a count). The keys of entries made before this
// migration are copied where they do not collide: earlier duplicates stay as they are, as in 0017.
// `account_key` on the entry keeps the account's mailbox for the draw (method 3 links by it).
//
// Winners are confirmed: `confirm_token_hash` (SHA-256 of the link's token, cleared once used),
// `confirm_by` (the deadline, from the promotion's `confirm_days`), `confirmed_at` / `declined_at`,
// and `replaced_by` (the alternate draw that took the prize over). Winners drawn before this
// migration were told by the old mail and handled by hand: they count as confirmed, so the public
// list does not change. A draw that replaces refused or lapsed winners records them (`replaces`).
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('giveaway_entry_keys')
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('entry_day', 'text', (c) => c.notNull())
    .addColumn('person', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_entry_keys_pk', ['promotion_id', 'entry_day', 'person'])
    .execute();
  await db.schema
    .createIndex('giveaway_entry_keys_entry')
    .on('giveaway_entry_keys')
    .column('entry_id')
    .execute();
  // `where true`: SQLite reads `on conflict` after a bare `from` as a join's clause.
  await sql`insert into giveaway_entry_keys (promotion_id, entry_day, person, entry_id)
    select promotion_id, entry_day, 'mailbox:' || person_key, id from giveaway_entries where true
    on conflict do nothing`.execute(db);
  await sql`insert into giveaway_entry_keys (promotion_id, entry_day, person, entry_id)
    select promotion_id, entry_day, 'account:' || member_id, id from giveaway_entries
    where member_id is not null
    on conflict do nothing`.execute(db);
  await db.schema.alterTable('giveaway_entries').addColumn('account_key', 'text').execute();

  await db.schema
    .alterTable('promotions')
    .addColumn('confirm_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema.alterTable('winners').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.alterTable('winners').addColumn('confirm_by', 'bigint').execute();
  await db.schema.alterTable('winners').addColumn('confirmed_at', 'bigint').execute();
  await db.schema.alterTable('winners').addColumn('declined_at', 'bigint').execute();
  await db.schema.alterTable('winners').addColumn('replaced_by', 'text').execute();
  await db.schema
    .createIndex('winners_confirm_token')
    .on('winners')
    .column('confirm_token_hash')
    .unique()
    .where(sql.ref('confirm_token_hash'), 'is not', null)
    .execute();
  await sql`update winners set confirmed_at = created_at`.execute(db);
  await db.schema.alterTable('draws').addColumn('replaces', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('draws').dropColumn('replaces').execute();
  await db.schema.dropIndex('winners_confirm_token').execute();
  for (const column of ['replaced_by', 'declined_at', 'confirmed_at', 'confirm_by', 'confirm_token_hash']) {
    await db.schema.alterTable('winners').dropColumn(column).execute();
  }
  await db.schema.alterTable('promotions').dropColumn('confirm_days').execute();
  await db.schema.alterTable('giveaway_entries').dropColumn('account_key').execute();
  await db.schema.dropTable('giveaway_entry_keys').execute();
}
