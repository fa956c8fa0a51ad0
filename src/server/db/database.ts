// Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

/** pg returns bigint (int8) as text; our bigints are epoch milliseconds and counts, safe as numbers. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export const sqliteFile = (dataDir: string): string => join(dataDir, 'kwikfill.sqlite');

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, types: pgTypes });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqliteFile(config.dataDir)) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
