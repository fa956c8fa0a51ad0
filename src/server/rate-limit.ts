// Rate limits kept in the database (rate_limit_counts: per key and millisecond, the number of
// hits), so they hold across processes and restarts.
// Every limit and its key is listed in docs/api.md ("Limits"). Limits count per person (email)
// and per browser; a network address only gets a loose flood ceiling, because many customers
// share one (mobile networks, a store's guest Wi-Fi).
import { sql } from 'kysely';
import { ATTEMPT_WINDOW_MS, MAX_ATTEMPTS_PER_HOUR } from '../lib/form-rules.ts';
import { personOf } from '../lib/mailbox.ts';
import type { AppDeps } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { forgetRefusal } from './known-refusals.ts';
import { countRefusal } from './metrics.ts';
import { sweepDue } from './sweep-schedule.ts';
import { sha256 } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Hits are kept this long: no limit's window (here or in a feature) may be longer. */
const KEEP_HITS_MS = 24 * HOUR;

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Limits of the API; later features add theirs beside them. */
export const LIMITS = {
  /** Flood ceiling: every sign-in attempt from one network address. */
  loginPerIp: { limit: 100, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one email address before the human check is asked for (never a lockout). */
  loginFailuresPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one network address (any emails) before the human check is asked for. */
  loginFailuresPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Reset requests from one network address (flood ceiling) and from one browser (its form ticket). */
  resetPerIp: { limit: 30, windowMs: HOUR },
  resetPerBrowser: { limit: 10, windowMs: HOUR },
  /** Reset mails to one mailbox on request alone; past it a passed human check is asked for (never a refusal). */
  resetMailsPerTarget: { limit: 3, windowMs: HOUR },
  passwordChangePerUser: { limit: 10, windowMs: 15 * MINUTE },
  /** product.md 5.1, 5.2, 9: 3 attempts per hour for each public form, per person and per browser. */
  publicForm: { limit: MAX_ATTEMPTS_PER_HOUR, windowMs: ATTEMPT_WINDOW_MS },
  /** Flood ceiling of each public form per network address. */
  publicFormPerIp: { limit: 30, windowMs: HOUR },
  /**
   * Flood ceiling of GET /geocode per network address (the answers a CDN keeps never reach it): a
   * visitor searches a few places; a store's Wi-Fi or a phone network shares one address.
   */
  geocodePerIp: { limit: 120, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * A key part for the person an email address names: their mailbox (src/lib/mailbox.ts, so
 * 'j.doe+x@gmail.com' and 'jdoe@googlemail.com' count as one), hashed, so the table holds no addresses.
 */
export const emailKey = (email: string): string => sha256(personOf(email)).slice(0, 32);

export interface Check {
  key: string;
  limit: Limit;
  /** Only looked at, not counted (the person's limit before the human check: src/server/form-guard.ts). */
  peek?: true;
}

// The two statements of SQLite's limits are written as SQL (the same on SQLite and PostgreSQL):
// Kysely's query builder took longer to build them than the database to run them.
async function countIn(db: AppDeps['db'], key: string, since: number): Promise<number> {
  const { rows } = await sql<{ count: number | string | null }>`select sum("hits") as "count"
    from "rate_limit_counts" where "key" = ${key} and "at" > ${since}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** One row per key for this millisecond, adding to a row already there (a burst in one ms). */
async function addHits(db: AppDeps['db'], keys: string[], now: number): Promise<void> {
  const hits = new Map<string, number>();
  for (const key of keys) hits.set(key, (hits.get(key) ?? 0) + 1);
  const rows = [...hits].map(([key, count]) => sql`(${key}, ${now}, ${count})`);
  await sql`insert into "rate_limit_counts" ("key", "at", "hits") values ${sql.join(rows)}
    on conflict ("key", "at") do update set "hits" = "rate_limit_counts"."hits" + excluded."hits"`.execute(
    db,
  );
}

/**
 * Hits older than KEEP_HITS_MS serve no limit any more: cleared now and then (src/server/sweep-
 * schedule.ts; a scan of the table: an index on `at` would cost every hit another page to write).
 */
export async function sweepHits(deps: AppDeps, now: number): Promise<void> {
  if (!sweepDue(deps.db, 'rate_limit_counts', now)) return;
  await deps.db
    .deleteFrom('rate_limit_counts')
    .where('at', '<', now - KEEP_HITS_MS)
    .execute();
}

/**
 * Looks at every check in turn (the first one at its limit is answered) and, when all are within
 * their limits, records one hit for each counted check (not for a `peek`), as one step: simultaneous
 * requests cannot all slip under a limit. Attempts over a limit are refused, not counted.
 * PostgreSQL runs it as one statement, rate_limit_hit (migration 0022: a lock per counted key, the
 * counts, the hits; docs/decisions/0021-postgresql-round-trips.md); SQLite, whose write transaction
 * already runs alone, in one transaction here. The hits are recorded at `now` (for giveBack).
 */
export async function hitAll(
  deps: AppDeps,
  checks: Check[],
  now: number = deps.now(),
): Promise<Check | undefined> {
  const over =
    deps.dbKind === 'postgres'
      ? await hitAllPostgres(deps, checks, now)
      : await hitAllSqlite(deps, checks, now);
  await sweepHits(deps, now);
  if (over) countRefusal(over.key);
  return over;
}

/** The checks as the first arguments of the limits' functions (migrations 0022, 0023, 0024): keys, limits, windows' starts. */
const checkArrays = (checks: Check[], now: number) =>
  sql`${checks.map((check) => check.key)}::text[], ${checks.map((check) => check.limit.limit)}::integer[],
    ${checks.map((check) => now - check.limit.windowMs)}::bigint[]`;

async function hitAllPostgres(deps: AppDeps, checks: Check[], now: number): Promise<Check | undefined> {
  if (checks.length === 0) return undefined;
  const { rows } = await sql<{ over: number }>`select rate_limit_hit(
      ${checkArrays(checks, now)},
      ${checks.map((check) => !check.peek)}::boolean[],
      ${now}::bigint) as "over"`.execute(deps.db);
  const place = Number(rows[0]?.over ?? 0);
  return place > 0 ? checks[place - 1] : undefined;
}

function hitAllSqlite(deps: AppDeps, checks: Check[], now: number): Promise<Check | undefined> {
  return deps.db.transaction().execute((trx) => takeSqlite(trx, checks, now));
}

/** SQLite's hitAll inside a transaction (`trx`) the caller holds. */
async function takeSqlite(trx: AppDeps['db'], checks: Check[], now: number): Promise<Check | undefined> {
  for (const check of checks) {
    if ((await countIn(trx, check.key, now - check.limit.windowMs)) >= check.limit.limit) return check;
  }
  const counted = checks.filter((check) => !check.peek).map((check) => check.key);
  if (counted.length > 0) await addHits(trx, counted, now);
  return undefined;
}

/** PostgreSQL's SQLSTATE for a limit reached inside a write (rate_limit_enforce, migration 0023). */
const LIMIT_REACHED_SQLSTATE = 'KF429';

/**
 * enforceAll as part of a write that stores something (src/server/db/write-together.ts), so that the
 * hits and the write are one statement on PostgreSQL and one transaction on SQLite: either every
 * check is within its limit, its hits are counted and the write stores, or nothing is stored and
 * `explain` answers 429. `postgres` is a condition for the write's WHERE (rate_limit_enforce raises
 * when a check is at its limit); `sqlite` runs in the write's transaction. No `peek` checks here.
 */
export function enforceInWrite(checks: Check[], now: number) {
  return {
    postgres: sql<boolean>`rate_limit_enforce(
      ${checkArrays(checks, now)},
      ${now}::bigint)`,
    async sqlite(trx: AppDeps['db']): Promise<void> {
      const over = await takeSqlite(trx, checks, now);
      if (over) {
        countRefusal(over.key);
        throw ApiError.of(ERRORS.rateLimited);
      }
    },
    explain(error: unknown): ApiError | undefined {
      const e = error as { code?: unknown; message?: unknown } | undefined;
      if (e?.code !== LIMIT_REACHED_SQLSTATE) return undefined;
      const over = checks[Number(e.message) - 1];
      if (over) countRefusal(over.key);
      return ApiError.of(ERRORS.rateLimited);
    },
  };
}

/**
 * A limit that withholds something rather than refusing the request, as part of the write that
 * stores it (db/write-together.ts): when `check` is within its limit its hit is counted and the
 * answer is true, past it nothing is counted and the answer is false; a write that fails counts
 * nothing. `postgres` is that answer as an expression of the write's statement (rate_limit_take,
 * migrations 0023 and 0024: the key's lock, its count, its hit); `sqlite` answers it in the write's
 * transaction. Not a refusal: no 429, and no refusal in the metrics.
 */
export function withinInWrite(check: Check, now: number) {
  return {
    postgres: sql<boolean>`(rate_limit_take(${checkArrays([check], now)}, array[true], ${now}::bigint) = 0)`,
    sqlite: async (trx: AppDeps['db']): Promise<boolean> =>
      (await takeSqlite(trx, [check], now)) === undefined,
  };
}

/** Records a hit for `key` when it is within the limit; false (nothing recorded) when over it. */
export async function hit(deps: AppDeps, key: string, limit: Limit): Promise<boolean> {
  return (await hitAll(deps, [{ key, limit }])) === undefined;
}

/** Records a hit and answers 429 'Too many attempts. Please try again later' over the limit. */
export async function enforce(deps: AppDeps, key: string, limit: Limit): Promise<void> {
  if (!(await hit(deps, key, limit))) throw ApiError.of(ERRORS.rateLimited);
}

/** Like enforce, for several limits at once: all are counted, or none. */
export async function enforceAll(deps: AppDeps, checks: Check[]): Promise<void> {
  if (await hitAll(deps, checks)) throw ApiError.of(ERRORS.rateLimited);
}

/** True when `key` has reached its limit, without recording a hit (counters such as failed sign-ins). */
export const reached = async (deps: AppDeps, key: string, { limit, windowMs }: Limit): Promise<boolean> =>
  (await countIn(deps.db, key, deps.now() - windowMs)) >= limit;

/** Records one hit for each key without checking a limit (a failure to count). */
export async function record(deps: AppDeps, ...keys: string[]): Promise<void> {
  const now = deps.now();
  if (keys.length === 0) return;
  await addHits(deps.db, keys, now);
  await sweepHits(deps, now);
}

/**
 * Takes back one hit of `key` that hitAll recorded at `at`: an attempt counted before it was known
 * whether it counts (a sign-in counts as a failure until its password is right: login-limits.server.ts).
 */
export async function giveBack(deps: AppDeps, key: string, at: number): Promise<void> {
  await deps.db
    .updateTable('rate_limit_counts')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('at', '=', at)
    .where('hits', '>', 0)
    .execute();
}

/**
 * Forgets every hit of `key` (a successful sign-in clears that address's failures). Only for keys
 * no public form remembers as refused: this server's memory forgets it, another server's would not
 * (known-refusals.ts).
 */
export async function forget(deps: AppDeps, key: string): Promise<void> {
  await deps.db.deleteFrom('rate_limit_counts').where('key', '=', key).execute();
  forgetRefusal(deps, key);
}
