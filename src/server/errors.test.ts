// Which failures are an outage (503 unavailable) rather than a bug (500): real errors of a database
// server that is down and of a full or read-only SQLite file, beside errors that are not.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isUnavailable } from './errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback port nobody listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const caught = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
};

describe('isUnavailable', () => {
  it('holds for a PostgreSQL server that refuses connections or does not answer in time', async () => {
    const client = new pg.Client({ connectionString: `postgres://kf@127.0.0.1:${await closedPort()}/kf` });
    expect(isUnavailable(await client.connect().catch((error: unknown) => error))).toBe(true);
    expect(isUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isUnavailable(new Error('timeout expired'))).toBe(true);
  });

  it("holds for PostgreSQL's outage states: shut down, starting, connection lost, disk full", () => {
    for (const code of ['57P01', '57P03', '08006', '08001', '53100', '53300']) {
      expect(isUnavailable(Object.assign(new Error(code), { code })), code).toBe(true);
    }
  });

  it('holds for a full SQLite file and a read-only one', () => {
    const file = join(dir, 'full.sqlite');
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE t (x TEXT)');
    db.exec(
      `PRAGMA max_page_count = ${(db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count}`,
    );
    const full = caught(() => db.exec(`INSERT INTO t VALUES ('${'x'.repeat(10_000)}')`));
    expect(full).toMatchObject({ errcode: 13 }); // SQLITE_FULL
    expect(isUnavailable(full)).toBe(true);
    db.close();
    const readOnly = new DatabaseSync(file, { readOnly: true });
    const refused = caught(() => readOnly.exec("INSERT INTO t VALUES ('x')"));
    expect(isUnavailable(refused)).toBe(true);
    readOnly.close();
  });

  it('holds for a full or read-only disk and for a cause or an AggregateError of one', () => {
    expect(isUnavailable(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('read-only'), { code: 'EROFS' }))).toBe(true);
    const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(isUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isUnavailable(new AggregateError([refused], 'every address failed'))).toBe(true);
  });

  it('does not hold for mistakes: a unique key, bad SQL, a plain error, a client gone', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (x TEXT PRIMARY KEY)');
    db.exec("INSERT INTO t VALUES ('a')");
    expect(isUnavailable(caught(() => db.exec("INSERT INTO t VALUES ('a')")))).toBe(false);
    expect(isUnavailable(caught(() => db.exec('SELEC 1')))).toBe(false);
    db.close();
    expect(isUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isUnavailable(undefined)).toBe(false);
  });
});
