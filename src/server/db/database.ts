// Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { chmodSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config.ts';
import { NodeSqliteDialect } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const INT8_OID = 20;
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * A PostgreSQL pool, loaded when first used: a SQLite site never loads pg (memory at rest counts,
 * bench/server.mjs). pg returns bigint (int8) as text; our bigints are epoch milliseconds and
 * counts, safe as numbers.
 */
async function postgresPool(connectionString: string) {
  const { default: pg } = await import('pg');
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? (text: string) => Number(text)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // A database that does not answer must not hold a visitor's request: a connection is given up on
  // after CONNECT_TIMEOUT_MS (the request answers 503, src/server/errors.ts isUnavailable), and
  // keep-alive notices a connection whose server vanished.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
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

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseHandle {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => postgresPool(url) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = sqliteFile(config.dataDir);
  ownerOnly(file);
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(file) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
