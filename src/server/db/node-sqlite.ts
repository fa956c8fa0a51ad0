// Kysely over Node's built-in SQLite (node:sqlite). Kysely's SqliteDialect expects a
// better-sqlite3-like database; this adapter supplies one. Kysely already serializes use of the
// single connection; transactions start with BEGIN IMMEDIATE so that two processes sharing the
// file wait for the write lock (busy_timeout) instead of failing on a lock upgrade.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';

const BUSY_TIMEOUT_MS = 5000;
const STATEMENT_CACHE_SIZE = 200;
export const WAL_CHECKPOINT_PAGES = 10_000;

const toSqlite = (value: unknown): SQLInputValue => {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as SQLInputValue;
};

function wrapStatement(stmt: StatementSync): SqliteStatement {
  return {
    // Statements that produce columns (SELECT, ... RETURNING, most PRAGMAs) read rows.
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...parameters.map(toSqlite)),
    run: (parameters) => stmt.run(...parameters.map(toSqlite)),
    iterate: (parameters) => stmt.iterate(...parameters.map(toSqlite)),
  };
}

/** Opens the file with WAL and a busy timeout, and prepares each SQL text once. */
export function openNodeSqlite(path: string): SqliteDatabase {
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  // The WAL is copied back into the database file (a checkpoint, with its fsyncs) every 10,000
  // pages instead of SQLite's 1,000: a busy minute of giveaway entries rewrites the same index
  // pages many times, and each checkpoint blocks the one thread that answers requests (a third
  // of an entry's database time at the default; bench/server.mjs). The WAL file may so reach
  // about 40 MB, and is cut back to 64 MB at most after a checkpoint.
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  db.exec(`PRAGMA journal_size_limit = ${64 * 1024 * 1024}`);
  db.exec('PRAGMA wal_autocheckpoint = 10000');
  db.exec('PRAGMA cache_size = -8000');
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = wrapStatement(db.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back by itself on some errors (a full disk, an I/O error); Kysely's
   * rollback then fails with "no transaction is active", which would hide the error that matters
   * (SQLITE_FULL: a 503, src/server/errors.ts isUnavailable) behind a meaningless one.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (!/no transaction is active/.test(String((error as Error)?.message))) throw error;
    }
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #path: string;
  constructor(path: string) {
    super({ database: async () => openNodeSqlite(path) });
    this.#path = path;
  }
  override createDriver(): Driver {
    const path = this.#path;
    return new ImmediateSqliteDriver({ database: async () => openNodeSqlite(path) });
  }
}
