import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../errors.ts';
import { openDatabase } from '../database.ts';
import { migrations } from './index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const user = (id: string, email: string, createdAt: number) =>
  sql`insert into users (id, email, password_hash, created_at, updated_at)
    values (${id}, ${email}, 'x', ${createdAt}, ${createdAt})`;

describe('migration 0019: one account per mailbox', () => {
  it('starts on a database holding two accounts of one mailbox: the oldest keeps the key, and new ones are held', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-migration-'));
    dirs.push(dataDir);
    const handle = openDatabase({ dataDir, databaseUrl: undefined });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo('0018_durable_job_queue')).error).toBeUndefined();
      await user('u2', 'victim+x@example.com', 2).execute(handle.db);
      await user('u1', 'victim@example.com', 1).execute(handle.db);
      await user('u3', 'Pat.Lee@gmail.com', 3).execute(handle.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await handle.db
        .selectFrom('users')
        .select(['id', 'mailbox', 'email_verified_at'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'u1', mailbox: 'victim@example.com', email_verified_at: null },
        { id: 'u2', mailbox: null, email_verified_at: null },
        { id: 'u3', mailbox: 'patlee@gmail.com', email_verified_at: null },
      ]);
      const again = await sql`insert into users (id, email, mailbox, password_hash, created_at, updated_at)
        values ('u4', 'pat.lee+x@gmail.com', 'patlee@gmail.com', 'x', 4, 4)`
        .execute(handle.db)
        .catch((error: unknown) => error);
      expect(isUniqueViolation(again)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
