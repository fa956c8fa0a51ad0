// Operator work on the database as a whole: an online, consistent backup of the SQLite file while
// the site runs (`VACUUM INTO` reads one snapshot and writes a compact copy; writers carry on),
// restoring one, and copying every table from SQLite to PostgreSQL when a site moves up (paged by
// each table's primary key).
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config/index.ts';
import { sqliteFile } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

/** Writes a consistent copy of the live SQLite database to `target` (which must not exist yet). */
export async function backupSqlite(db: Kysely<Database>, target: string): Promise<void> {
  if (existsSync(target)) throw new Error(`${target} exists already; choose a new file name.`);
  await sql`VACUUM INTO ${target}`.execute(db);
}

/**
 * What a backup leaves out on purpose: the keys that open stored applications are never in the
 * database (docs/architecture.md, "The database"), so a backup without a copy of them cannot restore the applications.
 * The key file's place is read as src/features/applications/keys.server.ts reads it.
 */
export function keysReminder(config: Pick<Config, 'applicationKeys' | 'applicationKeyFile'>): string {
  const where = config.applicationKeys
    ? 'in the APPLICATION_KEYS setting of the server'
    : `in the key file ${config.applicationKeyFile}`;
  return (
    `The keys that open stored applications are not in this backup: they are ${where}. Keep a copy ` +
    'of them too, stored apart from the database backups; without them the applications cannot be read.'
  );
}

/** 'ok' when SQLite's integrity check passes, otherwise its first complaint. */
export function checkSqliteFile(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare('PRAGMA integrity_check').get() as { integrity_check?: string } | undefined;
    const tables = db.prepare("select count(*) as n from sqlite_master where name = 'users'").get() as {
      n: number;
    };
    if (tables.n !== 1) return 'not a database of this site (no users table)';
    return row?.integrity_check ?? 'unreadable';
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database in `dataDir` (the server must be stopped): checks the
 * backup first, keeps the current file beside it as `.before-restore`, and drops the old WAL.
 */
export function restoreSqlite(backup: string, dataDir: string): { replaced?: string } {
  const verdict = checkSqliteFile(backup);
  if (verdict !== 'ok') throw new Error(`${backup} is not a sound backup: ${verdict}`);
  const live = sqliteFile(dataDir);
  let replaced: string | undefined;
  if (existsSync(live)) {
    replaced = `${live}.before-restore`;
    renameSync(live, replaced);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
  copyFileSync(backup, live);
  return { replaced };
}

interface TableInfo {
  name: string;
  dependsOn: string[];
}

/** The site's tables on SQLite, parents before children (foreign keys), without Kysely's own. */
async function tablesInOrder(source: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(source);
  const tables: TableInfo[] = [];
  for (const { name } of rows) {
    const keys = await sql<{ table: string }>`select * from pragma_foreign_key_list(${name})`.execute(source);
    tables.push({ name, dependsOn: keys.rows.map((key) => key.table).filter((parent) => parent !== name) });
  }
  const ordered: string[] = [];
  const visit = (table: TableInfo, path: string[]) => {
    if (ordered.includes(table.name) || path.includes(table.name)) return;
    for (const parent of table.dependsOn) {
      const info = tables.find((t) => t.name === parent);
      if (info) visit(info, [...path, table.name]);
    }
    ordered.push(table.name);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** The columns of a table's primary key on SQLite, in key order (every table of ours has one). */
async function primaryKey(source: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; pk: number }>`
    select name, pk from pragma_table_info(${table}) where pk > 0 order by pk`.execute(source);
  if (rows.length === 0) throw new Error(`The table ${table} has no primary key to copy it by.`);
  return rows.map((row) => row.name);
}

export type CopyProgress = (table: string, copied: number, total: number) => void;

/**
 * Copies every row of every table from SQLite to an empty PostgreSQL database (migrated here
 * first), in one transaction: a failure leaves the target as it was. Returns rows per table.
 */
export async function copySqliteToPostgres(
  source: Kysely<Database>,
  target: Kysely<Database>,
  { batch = 500, onProgress }: { batch?: number; onProgress?: CopyProgress } = {},
): Promise<Record<string, number>> {
  await migrateToLatest(target);
  const tables = await tablesInOrder(source);
  const counts: Record<string, number> = {};
  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      const existing = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        trx,
      );
      if (Number(existing.rows[0]?.n ?? 0) > 0) {
        throw new Error(`The target already holds rows in ${table}; copy only into an empty database.`);
      }
      const total = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(source);
      const rowCount = Number(total.rows[0]?.n ?? 0);
      const key = await primaryKey(source, table);
      const order = sql.join(key.map((column) => sql.ref(column)));
      let copied = 0;
      let last: Record<string, unknown> | undefined;
      while (copied < rowCount) {
        // Pages by primary key, not rowid: WITHOUT ROWID tables (migration 0014) have none. After
        // the last key seen rather than an offset, so each page is one index seek.
        const after = last
          ? sql`where (${order}) > (${sql.join(key.map((column) => (last as Record<string, unknown>)[column]))})`
          : sql``;
        const { rows } = await sql<Record<string, unknown>>`
          select * from ${sql.table(table)} ${after} order by ${order} limit ${batch}`.execute(source);
        if (rows.length === 0) break;
        // Rows of any table, copied column for column: the table is only known at run time.
        const untyped = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
        await untyped.insertInto(table).values(rows).execute();
        copied += rows.length;
        last = rows.at(-1);
        onProgress?.(table, copied, rowCount);
      }
      counts[table] = copied;
    }
  });
  return counts;
}
