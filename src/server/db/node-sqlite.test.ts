import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeSqliteDialect } from './node-sqlite.ts';

interface Db {
  counter: { id: number; value: number };
}

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-sqlite-'));
const file = join(dir, 'test.sqlite');
const open = () => new Kysely<Db>({ dialect: new NodeSqliteDialect(file) });
const db = open();
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('Kysely over node:sqlite', () => {
  it('opens the file in WAL mode with a busy timeout', async () => {
    await db.schema
      .createTable('counter')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer')
      .execute();
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const timeout = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(db);
    expect(timeout.rows[0]?.timeout).toBe(5000);
    // NORMAL in WAL mode: a commit survives the process dying (tests/system/sigkill.test.ts), not
    // necessarily a power loss (docs/decisions/0008-faults-durability-and-outages.md).
    const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    expect(synchronous.rows[0]?.synchronous).toBe(1);
    // Checkpoints every 10,000 pages, off most requests' path (bench/server.mjs).
    const checkpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
    expect(checkpoint.rows[0]?.wal_autocheckpoint).toBe(10_000);
  });

  it('reads rows, RETURNING rows and affected-row counts', async () => {
    const inserted = await db
      .insertInto('counter')
      .values({ id: 1, value: 0 })
      .returning(['id', 'value'])
      .execute();
    expect(inserted).toEqual([{ id: 1, value: 0 }]);
    const updated = await db.updateTable('counter').set({ value: 0 }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('counter').selectAll().execute()).toEqual([{ id: 1, value: 0 }]);
  });

  it('runs simultaneous transactions one after the other (no lost update)', async () => {
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('counter')
          .select('value')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await trx
          .updateTable('counter')
          .set({ value: row.value + 1 })
          .where('id', '=', 1)
          .execute();
      });
    await Promise.all([increment(), increment(), increment()]);
    expect((await db.selectFrom('counter').select('value').executeTakeFirstOrThrow()).value).toBe(3);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counter').set({ value: 100 }).execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.selectFrom('counter').select('value').executeTakeFirstOrThrow()).value).toBe(3);
  });

  it('a second connection to the same file (another process) sees committed writes', async () => {
    const other = open();
    await other.updateTable('counter').set({ value: 42 }).execute();
    expect((await db.selectFrom('counter').select('value').executeTakeFirstOrThrow()).value).toBe(42);
    await other.destroy();
  });

  it('a transaction that finds the disk full fails with SQLITE_FULL, and the connection works on', async () => {
    const full = new Kysely<Db & { filler: { x: unknown } }>({
      dialect: new NodeSqliteDialect(join(dir, 'full.sqlite')),
    });
    await sql`CREATE TABLE filler (x BLOB)`.execute(full);
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(full);
    await sql.raw(`PRAGMA max_page_count = ${(pages.rows[0]?.page_count ?? 0) + 2}`).execute(full);
    // SQLite rolls this transaction back itself; Kysely's rollback must not replace the error.
    const failure = await full
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 100; i++) await sql`INSERT INTO filler VALUES (randomblob(4000))`.execute(trx);
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ errcode: 13, message: 'database or disk is full' });
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(full)).rows[0]?.n).toBe(0);
    await full.destroy();
  });
});
