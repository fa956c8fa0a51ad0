import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../database.ts';
import { migrations } from './index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0014: lean rate-limit counts', () => {
  it('carries every hit over as a count per key and millisecond, and keeps used tokens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-migration-'));
    dirs.push(dataDir);
    const handle = openDatabase({ dataDir, databaseUrl: undefined });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo('0013_maintenance')).error).toBeUndefined();
      await sql`insert into rate_limit_hits (id, key, at) values
        ('a', 'k1', 1000), ('b', 'k1', 1000), ('c', 'k1', 2000), ('d', 'k2', 1000)`.execute(handle.db);
      await sql`insert into used_tokens (token_hash, expires_at) values ('h1', 5000)`.execute(handle.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const counts = await handle.db
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
      expect(await handle.db.selectFrom('used_tokens').selectAll().execute()).toEqual([
        { token_hash: 'h1', expires_at: 5000 },
      ]);
      // SQLite: both tables are their primary key's b-tree (no separate rowid table and key index).
      const tables = await sql<{ sql: string }>`select sql from sqlite_master
        where name in ('rate_limit_counts', 'used_tokens')`.execute(handle.db);
      for (const { sql: text } of tables.rows) expect(text.toLowerCase()).toMatch(/without rowid$/);
    } finally {
      await handle.close();
    }
  });
});
