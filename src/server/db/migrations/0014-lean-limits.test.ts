import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';

describe('migration 0014: lean rate-limit counts', () => {
  it('carries every hit over as a count per key and millisecond, and keeps used tokens', async () => {
    const { db, migrateTo, migrateToLatest } = await emptyDatabase();
    await migrateTo('0013_maintenance');
    await sql`insert into rate_limit_hits (id, key, at) values
      ('a', 'k1', 1000), ('b', 'k1', 1000), ('c', 'k1', 2000), ('d', 'k2', 1000)`.execute(db);
    await sql`insert into used_tokens (token_hash, expires_at) values ('h1', 5000)`.execute(db);
    await migrateToLatest();
    const counts = await db
      .selectFrom('rate_limit_counts')
      .selectAll()
      .orderBy('key')
      .orderBy('at')
      .execute();
    expect(counts).toEqual([
      { key: 'k1', at: 1000, hits: 2 },
      { key: 'k1', at: 2000, hits: 1 },
      { key: 'k2', at: 1000, hits: 1 },
    ]);
    expect(await db.selectFrom('used_tokens').selectAll().execute()).toEqual([
      { token_hash: 'h1', expires_at: 5000 },
    ]);
    // SQLite: both tables are their primary key's b-tree (no separate rowid table and key index).
    const tables = await sql<{ sql: string }>`select sql from sqlite_master
      where name in ('rate_limit_counts', 'used_tokens')`.execute(db);
    for (const { sql: text } of tables.rows) expect(text.toLowerCase()).toMatch(/without rowid$/);
  });
});
