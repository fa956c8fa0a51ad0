import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isUnavailable } from '../errors.ts';
import { openDatabase, sqliteFile } from './database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-db-'));
  dirs.push(dir);
  return dir;
};
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite database file', () => {
  it('is readable by its owner only, and so are its -wal and -shm files', async () => {
    const dataDir = tempDir();
    const handle = openDatabase({ dataDir, databaseUrl: undefined });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(handle.db);
    await sql`INSERT INTO t (id) VALUES (1)`.execute(handle.db);
    const file = sqliteFile(dataDir);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe(0o600);
    await handle.close();
  });

  it('tightens a file an older version left readable by others', async () => {
    const dataDir = tempDir();
    const file = sqliteFile(dataDir);
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const handle = openDatabase({ dataDir, databaseUrl: undefined });
    expect(mode(file)).toBe(0o600);
    await handle.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('fails a query that gets no answer in time, and drops its connection instead of queueing behind it', async () => {
    const handle = openDatabase({
      dataDir: tempDir(),
      databaseUrl: process.env.DATABASE_URL,
      databaseTimeoutMs: 300,
    });
    const pid = async () =>
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db)).rows[0]?.pid;
    const first = await pid();
    const slow = await sql`SELECT pg_sleep(3)`.execute(handle.db).catch((error: unknown) => error);
    expect(slow).toMatchObject({ message: 'Query read timeout' });
    expect(isUnavailable(slow)).toBe(true);
    // A new connection answers at once; the old one would have answered only after its sleep.
    expect(await pid()).not.toBe(first);
    await handle.close();
  });
});
