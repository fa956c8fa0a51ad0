// Rate-limit counts and used human-check tokens in fewer, smaller writes (bench/server.mjs: a
// giveaway entry wrote about 13 database pages, most of them to these two tables). A limit now
// keeps one row per key and millisecond with the number of hits (was one row per hit under a
// random id, with an index of its own), and on SQLite both tables are WITHOUT ROWID: the primary
// key is the table, one b-tree to change instead of two. The hits are carried over.
import { type Kysely, SqliteAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  const tableEnd = isSqlite(db) ? sql`without rowid` : sql``;
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pkey', ['key', 'at'])
    .modifyEnd(tableEnd)
    .execute();
  await sql`insert into rate_limit_counts (key, at, hits)
    select key, at, count(*) from rate_limit_hits group by key, at`.execute(db);
  await db.schema.dropTable('rate_limit_hits').execute();

  if (!isSqlite(db)) return; // PostgreSQL keeps used_tokens as it is (a heap and its key index).
  await db.schema
    .createTable('used_tokens_lean')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .modifyEnd(tableEnd)
    .execute();
  await sql`insert into used_tokens_lean (token_hash, expires_at)
    select token_hash, expires_at from used_tokens`.execute(db);
  await db.schema.dropTable('used_tokens').execute();
  await db.schema.alterTable('used_tokens_lean').renameTo('used_tokens').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_key_at')
    .on('rate_limit_hits')
    .columns(['key', 'at'])
    .execute();
  await db.schema.dropTable('rate_limit_counts').execute();
}
