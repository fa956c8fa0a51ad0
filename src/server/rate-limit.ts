// Rate limits kept in the database (rate_limit_hits), so they hold across processes and restarts.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ATTEMPT_WINDOW_MS, MAX_ATTEMPTS_PER_HOUR } from '../lib/form-rules';
import type { AppDeps } from './deps';
import { ApiError, ERRORS } from './errors';
import { sha256 } from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Limits of the account API; later features add theirs (giveaway, contact) beside them. */
export const LIMITS = {
  loginPerIp: { limit: 10, windowMs: 15 * MINUTE },
  loginPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  resetPerIp: { limit: 5, windowMs: HOUR },
  resetPerEmail: { limit: 3, windowMs: HOUR },
  passwordChangePerUser: { limit: 10, windowMs: 15 * MINUTE },
  /** SPEC 5.1, 5.2, 9: 3 attempts per hour for each public form. */
  publicForm: { limit: MAX_ATTEMPTS_PER_HOUR, windowMs: ATTEMPT_WINDOW_MS },
} as const satisfies Record<string, Limit>;

/** A key part for an email address: hashed, so the table holds no addresses. */
export const emailKey = (email: string): string => sha256(email.trim().toLowerCase()).slice(0, 32);

/** Records a hit for `key` when it is within the limit; false (nothing recorded) when over it. */
export async function hit(deps: AppDeps, key: string, { limit, windowMs }: Limit): Promise<boolean> {
  const now = deps.now();
  const allowed = await deps.db.transaction().execute(async (trx) => {
    // Count and record as one step, so simultaneous requests cannot all slip under the limit.
    // SQLite's write transaction already runs alone; PostgreSQL takes a lock for this key.
    if (deps.dbKind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const row = await trx
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('key', '=', key)
      .where('at', '>', now - windowMs)
      .executeTakeFirst();
    if (Number(row?.count ?? 0) >= limit) return false;
    await trx.insertInto('rate_limit_hits').values({ id: randomUUID(), key, at: now }).execute();
    return true;
  });
  // Old hits serve no window any more; clear them now and then.
  if (Math.random() < 0.02)
    await deps.db
      .deleteFrom('rate_limit_hits')
      .where('at', '<', now - DAY)
      .execute();
  return allowed;
}

/** Records a hit and answers 429 'Too many attempts. Please try again later' over the limit. */
export async function enforce(deps: AppDeps, key: string, limit: Limit): Promise<void> {
  if (!(await hit(deps, key, limit))) throw ApiError.of(ERRORS.rateLimited);
}
