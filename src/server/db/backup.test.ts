import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../../tests/support/test-api.ts';
import {
  backupSqlite,
  checkSqliteFile,
  copySqliteToPostgres,
  keysReminder,
  restoreSqlite,
} from './backup.ts';
import { openDatabase, sqliteFile } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-backup-test-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function sqliteWithUsers(count: number) {
  const dataDir = tempDir();
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  const insertUser = (i: number) =>
    handle.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: `u${i}-${randomUUID()}@example.com`,
        password_hash: 'x',
        created_at: i,
        updated_at: i,
      })
      .execute();
  for (let i = 0; i < count; i++) await insertUser(i);
  return { dataDir, handle, insertUser };
}

const countUsers = async (db: ReturnType<typeof openDatabase>['db']) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.skipIf(!!process.env.DATABASE_URL)('SQLite backup and restore', () => {
  it('backs up a consistent copy while writes go on, and restores it', async () => {
    const { dataDir, handle, insertUser } = await sqliteWithUsers(50);
    const target = join(tempDir(), 'backup.sqlite');
    const writes = Promise.all(Array.from({ length: 50 }, (_, i) => insertUser(100 + i)));
    await backupSqlite(handle.db, target);
    await writes;
    await handle.close();
    expect(checkSqliteFile(target)).toBe('ok');

    restoreSqlite(target, dataDir);
    const restored = openDatabase({ dataDir });
    // Every row written before the backup began, and only whole writes of those that raced it.
    const rows = await countUsers(restored.db);
    expect(rows).toBeGreaterThanOrEqual(50);
    expect(rows).toBeLessThanOrEqual(100);
    await restored.close();
    expect(existsSync(`${sqliteFile(dataDir)}.before-restore`)).toBe(true);
  });

  it('refuses to overwrite a file and to restore something that is not a backup', async () => {
    const { handle } = await sqliteWithUsers(1);
    const target = join(tempDir(), 'backup.sqlite');
    await backupSqlite(handle.db, target);
    await expect(backupSqlite(handle.db, target)).rejects.toThrow(/exists already/);
    await handle.close();
    const empty = openDatabase({ dataDir: tempDir() });
    await empty.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    await empty.close();
    const notOurs = sqliteFile(folders.at(-1) as string);
    expect(() => restoreSqlite(notOurs, tempDir())).toThrow(/not a sound backup/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('copying SQLite to PostgreSQL', () => {
  it('copies every table into an empty database, and refuses a database that holds rows', async () => {
    const { handle } = await sqliteWithUsers(1200);
    const pgDatabase = await createPgDatabase(process.env.DATABASE_URL as string);
    const target = openDatabase({ dataDir: tempDir(), databaseUrl: pgDatabase.url });
    try {
      const counts = await copySqliteToPostgres(handle.db, target.db);
      expect(counts.users).toBe(1200);
      expect(await countUsers(target.db)).toBe(1200);
      await expect(copySqliteToPostgres(handle.db, target.db)).rejects.toThrow(/already holds rows in/);
      expect(await countUsers(target.db)).toBe(1200);
    } finally {
      await target.close();
      await handle.close();
      await pgDatabase.drop();
    }
  });
});

describe('the reminder that backups leave the application keys out', () => {
  it('names where the keys are: the key file, or the APPLICATION_KEYS setting', () => {
    expect(keysReminder({ applicationKeyFile: '/srv/keys/application-keys.json' })).toBe(
      'The keys that open stored applications are not in this backup: they are in the key file ' +
        '/srv/keys/application-keys.json. Keep a copy of them too, stored apart from the database backups; ' +
        'without them the applications cannot be read.',
    );
    expect(keysReminder({ applicationKeyFile: '/etc/kwikfill/keys.json' })).toContain(
      'in the key file /etc/kwikfill/keys.json.',
    );
    expect(
      keysReminder({ applicationKeys: 'k1:abc', applicationKeyFile: '/srv/keys/application-keys.json' }),
    ).toContain('they are in the APPLICATION_KEYS setting of the server.');
  });
});
