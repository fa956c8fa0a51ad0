// A cheap fingerprint of the data an answer shows, to make that answer once per change of the data
// rather than per request: the store list (src/features/locator/store-list.server.ts) and the
// pages the Node server keeps rendered (src/server/http/page-cache.ts). Each table here has an
// `updated_at` that every write of a row sets (imports, price and promotion commands, seeders), so
// the number of rows and their update times change with any insert, update or delete, and every
// server process on one database sees the change: nothing to bump, nothing to share but the table.
// The fingerprint itself (a scan of the table) is read at most once a second per process and table:
// asked on every request it was most of the store list's cost (bench/server.mjs), and a change
// shows up to a second later.
import type { Kysely } from 'kysely';
import type { DataKind } from '../lib/routes.ts';
import type { Database } from './db/schema.ts';

/**
 * The kinds of data (src/lib/routes.ts) with a table of the same name, whose rows an on-demand answer
 * shows: a page the Node server keeps shows only these (src/server/http/cached-pages.ts).
 */
const FINGERPRINTED = ['stores', 'offers', 'promotions'] as const satisfies readonly (keyof Database)[];
export type DataSource = (typeof FINGERPRINTED)[number];
export const isFingerprinted = (kind: DataKind): kind is DataSource =>
  (FINGERPRINTED as readonly DataKind[]).includes(kind);

/** How long a fingerprint read from the database stands for the table's state. */
export const FINGERPRINT_REUSE_MS = 1000;

interface Kept {
  value: string;
  at: number;
}
// On globalThis, as the database handle (db/shared.ts): the server's bundle (dist/http) and Astro's
// (dist/server) load separate copies of this module, and a page kept by the first must not be made
// from a store list the second still takes for the older state.
const KEY = Symbol.for('kwikfill.data-fingerprints');
const kept = (): WeakMap<Kysely<Database>, Map<DataSource, Kept>> => {
  const scope = globalThis as typeof globalThis & {
    [KEY]?: WeakMap<Kysely<Database>, Map<DataSource, Kept>>;
  };
  scope[KEY] ??= new WeakMap();
  return scope[KEY];
};

async function readFingerprint(db: Kysely<Database>, source: DataSource): Promise<string> {
  const row = await (db as Kysely<Pick<Database, 'stores'>>)
    .selectFrom(source as 'stores')
    .select((eb) => [
      eb.fn.countAll().as('rows'),
      eb.fn.max('updated_at').as('latest'),
      eb.fn.sum('updated_at').as('total'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.rows}:${row.latest}:${row.total}`;
}

const keptFor = (db: Kysely<Database>): Map<DataSource, Kept> => {
  const byDb = kept();
  let bySource = byDb.get(db);
  if (!bySource) {
    bySource = new Map();
    byDb.set(db, bySource);
  }
  return bySource;
};

/** The fingerprint read less than a second ago, or undefined: without a wait, for the hot path. */
export function recentFingerprint(db: Kysely<Database>, source: DataSource, now: number): string | undefined {
  const last = keptFor(db).get(source);
  return last && now - last.at < FINGERPRINT_REUSE_MS && now >= last.at ? last.value : undefined;
}

/** The table's fingerprint, read again when the last read is a second old (or the clock went back). */
export async function dataFingerprint(
  db: Kysely<Database>,
  source: DataSource,
  now: number,
): Promise<string> {
  const recent = recentFingerprint(db, source, now);
  if (recent !== undefined) return recent;
  const value = await readFingerprint(db, source);
  keptFor(db).set(source, { value, at: now });
  return value;
}
