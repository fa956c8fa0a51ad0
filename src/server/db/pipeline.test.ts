// The pipelined connection (pipeline.ts), on a real PostgreSQL (npm run test:api:pg): statements
// outside a transaction share it and fail alone, a transaction keeps a pool connection of its own,
// and a lost connection is replaced.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isUnavailable } from '../errors.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import type { Database } from './schema.ts';

const handles: DatabaseHandle[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(pipeline?: boolean): Kysely<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-pipeline-'));
  dirs.push(dataDir);
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, pipeline });
  handles.push(handle);
  return handle.db;
}

/** The backend that answers, after a pause long enough for the other statements to be written. */
const backend = async (db: Kysely<Database>) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(db)).rows[0]?.pid;

describe.skipIf(!process.env.DATABASE_URL)('statements on PostgreSQL', () => {
  it('share one connection outside a transaction, each written without waiting for the one before', async () => {
    const db = open();
    const pids = await Promise.all(Array.from({ length: 6 }, () => backend(db)));
    expect(new Set(pids).size).toBe(1);
  });

  it('each take a pool connection with DATABASE_PIPELINE=0', async () => {
    const db = open(false);
    const pids = await Promise.all(Array.from({ length: 6 }, () => backend(db)));
    expect(new Set(pids).size).toBeGreaterThan(1);
  });

  it('fail alone: an error answers its own statement, and the ones written beside it are answered', async () => {
    const db = open();
    const [before, failed, after] = await Promise.allSettled([
      backend(db),
      sql`SELECT 1 / 0`.execute(db),
      backend(db),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
    expect(before).toMatchObject({ status: 'fulfilled' });
    expect(after).toEqual(before);
  });

  it('leave a transaction on a connection of its own, which sees its writes and shows them only at its commit', async () => {
    const db = open();
    const table = sql.table(`pipeline_probe_${process.pid}`);
    await sql`CREATE TABLE IF NOT EXISTS ${table} (id int)`.execute(db);
    try {
      const outside = await backend(db);
      const { inside, seenInside, seenOutside } = await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO ${table} VALUES (1)`.execute(trx);
        const count = async (on: Kysely<Database>) =>
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table}`.execute(on)).rows[0]?.n;
        return { inside: await backend(trx), seenInside: await count(trx), seenOutside: await count(db) };
      });
      expect(inside).not.toBe(outside);
      expect(seenInside).toBe(1);
      expect(seenOutside).toBe(0);
      const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table}`.execute(db);
      expect(after.rows[0]?.n).toBe(1);
    } finally {
      await sql`DROP TABLE ${table}`.execute(db);
    }
  });

  it("keep a session-level lock on one session with the transaction after it (Kysely's migrator)", async () => {
    const db = open();
    await db.connection().execute(async (session) => {
      await sql`SELECT pg_advisory_lock(4242)`.execute(session);
      await session.transaction().execute((trx) => sql`SELECT 1`.execute(trx));
      const unlocked = await sql<{ ok: boolean }>`SELECT pg_advisory_unlock(4242) AS ok`.execute(session);
      expect(unlocked.rows[0]?.ok).toBe(true);
    });
  });

  it('go on a new connection once the shared one is lost', async () => {
    const db = open();
    const lost = await backend(db);
    // Ended from a pool connection (a transaction's), as a restart of PostgreSQL would end it.
    await db.transaction().execute((trx) => sql`SELECT pg_terminate_backend(${lost})`.execute(trx));
    const next = await backend(db).catch((error: unknown) => {
      // Written before pg saw the connection close: it fails as a lost pool connection does (503).
      expect(isUnavailable(error)).toBe(true);
      return backend(db);
    });
    expect(next).toEqual(expect.any(Number));
    expect(next).not.toBe(lost);
  });
});
