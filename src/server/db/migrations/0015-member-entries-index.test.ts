import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0015: members-only index of giveaway entries', () => {
  it("keeps guests' entries out of the index and still finds a member's entries by it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-migration-'));
    dirs.push(dataDir);
    const handle = openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await migrateToLatest(handle.db);
      const index = await sql<{ sql: string }>`select sql from sqlite_master
        where name = 'giveaway_entries_user_id'`.execute(handle.db);
      expect(index.rows[0]?.sql.toLowerCase()).toMatch(/where "user_id" is not null$/);
      const plan = await sql<{ detail: string }>`explain query plan
        select id from giveaway_entries where user_id = ${'u1'} order by created_at desc`.execute(handle.db);
      expect(plan.rows.map((row) => row.detail).join('; ')).toContain('giveaway_entries_user_id');
    } finally {
      await handle.close();
    }
  });
});
