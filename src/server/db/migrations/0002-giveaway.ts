// The daily giveaway: promotions, entries (one per person per promotion per New York calendar day,
// held by a unique key so concurrent duplicates cannot both succeed), draws (the audit record of
// each draw: eligible count, digest of the entry list, seed hash, then the published seed) and
// winners. Portable SQL: text ids, bigint epoch-ms times, 0/1 integers for flags.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('hero_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prize', 'text', (c) => c.notNull())
    .addColumn('prize_value_cents', 'bigint', (c) => c.notNull())
    .addColumn('winners_count', 'integer', (c) => c.notNull().defaultTo(1))
    // Calendar dates in America/New_York, both inclusive (YYYY-MM-DD sorts as text).
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('draw_on', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // 1: winners' last names are published in full; 0 (default): as an initial.
    .addColumn('show_full_last_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('giveaway_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id'))
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('entry_day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('address_1', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('giveaway_entries_once_a_day', ['promotion_id', 'person_key', 'entry_day'])
    .execute();
  await db.schema.createIndex('giveaway_entries_user_id').on('giveaway_entries').column('user_id').execute();

  await db.schema
    .createTable('draws')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id'))
    // Entries of one day only, or of the whole promotion when null.
    .addColumn('entry_day', 'text')
    .addColumn('winners_wanted', 'integer', (c) => c.notNull())
    .addColumn('eligible_count', 'integer', (c) => c.notNull())
    .addColumn('entries_digest', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    // Published once the winners are stored; null while the draw is only committed.
    .addColumn('seed', 'text')
    .addColumn('committed_at', 'bigint', (c) => c.notNull())
    .addColumn('drawn_at', 'bigint')
    .execute();

  await db.schema
    .createTable('winners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('draw_id', 'text', (c) => c.notNull().references('draws.id'))
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('giveaway_entries.id'))
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('prize', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('winners_promotion_id').on('winners').column('promotion_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['winners', 'draws', 'giveaway_entries', 'promotions']) {
    await db.schema.dropTable(table).execute();
  }
}
