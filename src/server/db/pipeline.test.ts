// The pipelined connection (pipeline.ts), on a real PostgreSQL (npm run test:api:pg): statements
// outside a transaction share it and fail alone, a transaction keeps a pool connection of its own,
// and a lost connection is replaced.
import { tmpdir } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backend, backendsAtOnce } from '../../../tests/support/backends.ts';
import { isUnavailable } from '../errors.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { IDLE_CLOSE_MS, type LaneClient, OWN_SESSION, pipelineOutsideTransactions } from './pipeline.ts';
import type { Database } from './schema.ts';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

/** A PostgreSQL handle, closed after the test (its data folder is SQLite's only: never written). */
function openHandle(pipeline?: boolean, queryTimeoutMs?: number): DatabaseHandle {
  const handle = openDatabase(
    { dataDir: tmpdir(), databaseUrl: process.env.DATABASE_URL, pipeline },
    { queryTimeoutMs },
  );
  handles.push(handle);
  return handle;
}
const open = (pipeline?: boolean, queryTimeoutMs?: number): Kysely<Database> =>
  openHandle(pipeline, queryTimeoutMs).db;

describe.skipIf(!process.env.DATABASE_URL)('statements on PostgreSQL', () => {
  it('share one connection outside a transaction, each written without waiting for the one before', async () => {
    const db = open();
    expect(await backendsAtOnce(db)).toBe(1);
  });

  it('share it as prepared statements too: the same text at once, each with its own values', async () => {
    const db = open();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        const result = await sql<{
          pid: number;
          n: number;
        }>`SELECT pg_backend_pid() AS pid, ${n}::int AS n`.execute(db);
        return result.rows[0];
      }),
    );
    expect(answers.map((answer) => answer?.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(answers.map((answer) => answer?.pid)).size).toBe(1);
  });

  it('each take a pool connection with DATABASE_PIPELINE=0', async () => {
    const db = open(false);
    expect(await backendsAtOnce(db)).toBeGreaterThan(1);
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

  it('fail with a statement past its timeout, the ones behind it too, and go on on a new connection', async () => {
    const db = open(true, 300);
    const first = await backend(db);
    const [slow, behind] = await Promise.allSettled([sql`SELECT pg_sleep(3)`.execute(db), backend(db)]);
    for (const failed of [slow, behind]) {
      expect(failed.status).toBe('rejected');
      expect(isUnavailable((failed as PromiseRejectedResult).reason)).toBe(true);
    }
    const next = await backend(db);
    expect(next).not.toBe(first);
  });

  it('answer what was written before the handle closes', async () => {
    const handle = openHandle();
    await backend(handle.db); // the connection is open: what follows is written at once
    const pending = Promise.all([backend(handle.db), backend(handle.db)]);
    await new Promise(setImmediate);
    await handle.close();
    await expect(pending).resolves.toEqual([expect.any(Number), expect.any(Number)]);
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

/** A pool and lane connections that answer at once; `fail` makes the lane's next statement fail so. */
function fakes() {
  const opened: { ended: boolean }[] = [];
  /** The events each opened connection listens to, in the order opened. */
  const listeners: Record<string, (...args: unknown[]) => void>[] = [];
  const pooled: string[] = [];
  let fail: Error | undefined;
  const pool = {
    connect: async (..._: unknown[]) => ({
      query: async (...args: unknown[]) => pooled.push(String(args[0])),
      release: () => {},
    }),
  };
  const lane = pipelineOutsideTransactions(pool, async () => {
    const state = { ended: false };
    opened.push(state);
    const on: Record<string, (...args: unknown[]) => void> = {};
    listeners.push(on);
    return {
      query: async () => {
        const error = fail;
        fail = undefined;
        if (error) throw error;
        return { rows: [] };
      },
      end: async () => {
        state.ended = true;
      },
      on: (event: string, listener: (...args: unknown[]) => void) => {
        on[event] = listener;
      },
    } as LaneClient;
  });
  const run = async (text: string) => (await pool.connect()).query(text);
  return {
    lane,
    pool,
    opened,
    pooled,
    run,
    /** pg's client emitting `event` on the last connection opened. */
    emit: (event: 'error' | 'end', ...args: unknown[]) => listeners.at(-1)?.[event]?.(...args),
    failNext: (error: Error) => {
      fail = error;
    },
  };
}

describe('the pipelined connection', () => {
  afterEach(() => vi.useRealTimers());

  it('is closed after IDLE_CLOSE_MS without a statement, and opened again for the next', async () => {
    vi.useFakeTimers();
    const { opened, run } = fakes();
    await run('select 1');
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS - 1);
    expect(opened).toEqual([{ ended: false }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toEqual([{ ended: true }]);
    await run('select 1');
    expect(opened).toEqual([{ ended: true }, { ended: false }]);
  });

  it('is replaced after a lost connection, and kept after a statement PostgreSQL refused (a full disk)', async () => {
    const { opened, run, failNext } = fakes();
    failNext(Object.assign(new Error('could not extend file'), { code: '53100' }));
    await expect(run('select 1')).rejects.toThrow('could not extend file');
    await run('select 1');
    expect(opened).toHaveLength(1);
    failNext(new Error('Connection terminated unexpectedly'));
    await expect(run('select 1')).rejects.toThrow('Connection terminated');
    await run('select 1');
    expect(opened).toEqual([{ ended: true }, { ended: false }]);
  });

  it('is ended and replaced after its client reports an error, and forgotten once the client ends', async () => {
    const { opened, run, emit } = fakes();
    await run('select 1');
    emit('error', new Error('read ECONNRESET'));
    await vi.waitFor(() => expect(opened).toEqual([{ ended: true }]));
    await run('select 1');
    expect(opened).toEqual([{ ended: true }, { ended: false }]);
    emit('end'); // pg closed it on its own: the next statement must not be written on it
    await run('select 1');
    expect(opened).toHaveLength(3);
  });

  it('refuses a statement of a checkout made before its end, as a closed pg client does', async () => {
    const { lane, pool } = fakes();
    const checkout = await pool.connect();
    await lane.end();
    await expect(checkout.query('select 1')).rejects.toThrow('not queryable');
  });

  it('sends a transaction, from its begin on, on a pool connection', async () => {
    const { opened, pool, pooled } = fakes();
    const checkout = await pool.connect();
    await checkout.query('select 1');
    for (const text of ['begin', 'select 2', 'commit']) await checkout.query(text);
    expect(pooled).toEqual(['begin', 'select 2', 'commit']);
    expect(opened).toHaveLength(1); // the first select's
  });

  it('leaves to a pool connection what changes the session, and what follows it on that checkout', () => {
    for (const text of [
      'begin',
      'start transaction isolation level serializable',
      'SET search_path TO x',
      'reset all',
      'LISTEN jobs',
      'create temporary table t (id int)',
      'select pg_advisory_lock(1)',
      'select pg_try_advisory_lock_shared(1)',
    ])
      expect(OWN_SESSION.test(text), text).toBe(true);
    for (const text of [
      'select * from settings',
      'update users set name = $1',
      'select pg_advisory_xact_lock(1)',
      'insert into t values ($1)',
    ])
      expect(OWN_SESSION.test(text), text).toBe(false);
  });
});
