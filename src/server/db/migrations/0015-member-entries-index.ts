// The index that finds a member's giveaway entries (GET /me/entries) holds members' entries only.
// Most entries are guests' (user_id null): they all went into that index too, one more page to write
// for every entry (bench/server.mjs: 10 pages an entry on SQLite, now 9). `user_id = ?` still uses
// it, on SQLite and PostgreSQL alike.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('giveaway_entries_user_id').execute();
  await db.schema
    .createIndex('giveaway_entries_user_id')
    .on('giveaway_entries')
    .column('user_id')
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('giveaway_entries_user_id').execute();
  await db.schema.createIndex('giveaway_entries_user_id').on('giveaway_entries').column('user_id').execute();
}
