// Rate limits kept in the database (rate_limit_counts: per key and millisecond, the number of
// hits), so they hold across processes and restarts.
// Every limit and its key is listed in docs/api.md ("Limits"). Limits count per person (email)
// and per browser; a network address only gets a loose flood ceiling, because many customers
// share one (mobile networks, a store's guest Wi-Fi).
import { sql } from 'kysely';
import { ATTEMPT_WINDOW_MS, MAX_ATTEMPTS_PER_HOUR } from '../lib/form-rules.ts';
import { mailboxOf } from '../lib/mailbox.ts';
import type { DatabaseKind } from './db/database.ts';
import type { AppDeps } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
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
  formAttempts: { limit: MAX_ATTEMPTS_PER_HOUR, windowMs: ATTEMPT_WINDOW_MS },
  /** Flood ceiling of each public form per network address. */
  formAttemptsPerIp: { limit: 30, windowMs: HOUR },
  /**
   * Flood ceiling of GET /geocode per network address (the answers a CDN keeps never reach it): a
   * visitor searches a few places; a store's Wi-Fi or a phone network shares one address.
   */
  geocodePerIp: { limit: 120, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * A limit's key part for the person an email address names: their mailbox (mailboxOf, so
 * 'j.doe+x@gmail.com' and 'jdoe@googlemail.com' count as one), hashed, so the table holds no addresses.
 */
export const mailboxHash = (email: string): string => sha256(mailboxOf(email)).slice(0, 32);

export interface Check {
  key: string;
  limit: Limit;
}

// The two statements of the limits are written as SQL (the same on SQLite and PostgreSQL):
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
async function sweepHits(deps: AppDeps, now: number): Promise<void> {
  if (!sweepDue(deps.db, 'rate_limit_counts', now)) return;
  await deps.db
    .deleteFrom('rate_limit_counts')
    .where('at', '<', now - KEEP_HITS_MS)
    .execute();
}

/**
 * hitAll's step in a transaction the caller holds (`trx`): the first check at its limit, or none and
 * a hit recorded at `now` for each. SQLite runs one write transaction at a time; PostgreSQL's
 * transactions on a key go one at a time by a lock on that key, taken in sorted order (no deadlock)
 * and held until the commit, so each counts what the one before it stored.
 */
export async function hitWithin(
  trx: AppDeps['db'],
  kind: DatabaseKind,
  checks: Check[],
  now: number,
): Promise<Check | undefined> {
  if (checks.length === 0) return undefined;
  if (kind === 'postgres') {
    for (const key of [...new Set(checks.map((check) => check.key))].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
  }
  for (const check of checks) {
    if ((await countIn(trx, check.key, now - check.limit.windowMs)) >= check.limit.limit) return check;
  }
  await addHits(
    trx,
    checks.map((check) => check.key),
    now,
  );
  return undefined;
}

/**
 * Looks at every check in turn (the first one at its limit is answered) and, when all are within
 * their limits, records one hit for each, as one step: simultaneous requests cannot all slip under a
 * limit. Attempts over a limit are refused, not counted. The hits are recorded at `now` (for giveBack).
 */
export async function hitAll(
  deps: AppDeps,
  checks: Check[],
  now: number = deps.now(),
): Promise<Check | undefined> {
  const over = await deps.db.transaction().execute((trx) => hitWithin(trx, deps.dbKind, checks, now));
  await sweepHits(deps, now);
  if (over) countRefusal(over.key);
  return over;
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
 * whether it counts (a sign-in counts as a failure until its password is right: login-limits.server.ts;
 * a public form's person, until its human check has passed: form-guard.ts).
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

/** Forgets every hit of `key` (a successful sign-in clears that account's failures). */
export async function forget(deps: AppDeps, key: string): Promise<void> {
  await deps.db.deleteFrom('rate_limit_counts').where('key', '=', key).execute();
}
