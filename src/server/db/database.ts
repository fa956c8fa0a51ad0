// Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { chmodSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config/index.ts';
import { DEFAULT_DATABASE_TIMEOUT_SECONDS, DEFAULT_POOL_SIZE } from '../config/schema.ts';
import { countQueryError, metricsWanted, watchPool } from '../metrics.ts';
import { NodeSqliteDialect } from './node-sqlite.ts';
import { queueForConnections } from './pg-queue.ts';
import { prepareStatements } from './prepared.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const INT8_OID = 20;
/** A new connection not made in this long (or the query timeout, when shorter) fails: a 503. */
export const CONNECT_TIMEOUT_MS = 5000;

type PgClient = import('pg').PoolClient & { connection?: { stream?: { destroy(): void } } };

/**
 * A client whose query timed out still waits for that answer, and every later query would queue
 * behind it: drop its connection instead, so the pool opens a fresh one. end() first marks it as
 * ending, so that neither the pool nor the client reports the closed socket as an error.
 */
function dropOnTimeout(client: PgClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if ((error as Error)?.message !== 'Query read timeout') return;
        client.end().catch(() => {});
        client.connection?.stream?.destroy();
      });
    }
    return result;
  };
}

/**
 * A PostgreSQL pool, loaded when first used: a SQLite site never loads pg (memory at rest counts,
 * bench/server.mjs). pg returns bigint (int8) as text; our bigints are epoch milliseconds and
 * counts, safe as numbers.
 */
interface PoolOptions {
  queryTimeoutMs: number;
  /** DATABASE_POOL_SIZE. */
  size: number;
  /** DATABASE_PREPARED_STATEMENTS (prepared.ts). */
  prepared: boolean;
}

async function postgresPool(connectionString: string, { queryTimeoutMs, size, prepared }: PoolOptions) {
  const { default: pg } = await import('pg');
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? (text: string) => Number(text)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // A database that does not answer must not hold a visitor's request (a server that froze, or behind
  // a network that dropped, would hold it until TCP gives up, minutes later): a query is given up on
  // after DATABASE_TIMEOUT_SECONDS, a new connection after CONNECT_TIMEOUT_MS or that, and the wait
  // for a free connection after twice that (the request answers 503, src/server/errors.ts
  // isUnavailable); keep-alive notices a connection whose server vanished.
  const settings = {
    connectionString,
    types,
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, queryTimeoutMs),
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...settings, max: size });
  pool.on('connect', (client) => {
    if (prepared) prepareStatements(client);
    dropOnTimeout(client);
  });
  const queued = queueForConnections(pool, 2 * queryTimeoutMs);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
  // Its figures for the metrics (in use, idle, waiting) until it ends.
  const unwatch = watchPool(() => ({
    totalCount: pool.totalCount,
    idleCount: pool.idleCount,
    waitingCount: pool.waitingCount + queued(),
  }));
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    unwatch();
    return end();
  }) as typeof pool.end;
  return pool;
}

export const sqliteFile = (dataDir: string): string => join(dataDir, 'kwikfill.sqlite');

/**
 * The database holds personal data: its file is created readable by the owner only (and an older
 * one tightened). SQLite gives its -wal and -shm files the mode of the database file.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Failed queries are counted for the metrics only when they are on: Kysely's log costs every query a
 * step of its own.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<
      Pick<Config, 'metricsPort' | 'metricsToken' | 'preparedStatements' | 'poolSize' | 'databaseTimeoutMs'>
    >,
): DatabaseHandle {
  const log = metricsWanted(config) ? countQueryError : undefined;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const pool = () =>
      postgresPool(url, {
        queryTimeoutMs: config.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_SECONDS * 1000,
        size: config.poolSize ?? DEFAULT_POOL_SIZE,
        prepared: config.preparedStatements !== false,
      });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = sqliteFile(config.dataDir);
  ownerOnly(file);
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(file), log });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
