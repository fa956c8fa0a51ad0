import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';

describe('migration 0015: members-only index of giveaway entries', () => {
  it("keeps guests' entries out of the index and still finds a member's entries by it", async () => {
    const { db, migrateToLatest } = await emptyDatabase();
    await migrateToLatest();
    const index = await sql<{ sql: string }>`select sql from sqlite_master
      where name = 'giveaway_entries_user_id'`.execute(db);
    expect(index.rows[0]?.sql.toLowerCase()).toMatch(/where "user_id" is not null$/);
    const plan = await sql<{ detail: string }>`explain query plan
      select id from giveaway_entries where user_id = ${'u1'} order by created_at desc`.execute(db);
    expect(plan.rows.map((row) => row.detail).join('; ')).toContain('giveaway_entries_user_id');
  });
});
