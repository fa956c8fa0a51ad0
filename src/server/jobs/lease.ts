// Named locks with an end, one row of `leases` each: work that must run on one server (or one
// operator command) at a time takes the lease first. Taking it is one INSERT ... ON CONFLICT that
// replaces only a lease that has run out, so of two at once exactly one gets it, on SQLite and on
// PostgreSQL alike; a holder that died holds nothing once its lease has run out.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** True when `holder` now holds `name` until `now + ms`. */
export async function takeLease(
  db: Kysely<Database>,
  { name, holder, now, ms }: { name: string; holder: string; now: number; ms: number },
): Promise<boolean> {
  const result = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ms })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ms })
        .where('leases.expires_at', '<', now),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a lease back (only its holder can). */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/**
 * Runs `task` while renewing a claim every `everyMs` (a third of its length, so that one late
 * renewal does not lose it): a claim can then be short, and a server that died mid-task holds it
 * for no longer than that (docs/decisions/0010-durable-job-queue.md). A renewal that fails (the
 * database is away for a moment) is tried again at the next tick; the task runs on regardless.
 * Resolves only once every renewal still under way has ended (a slow one may overlap the next), so
 * that the caller's next step sees the claim as the last renewal left it: a renewal that moved the
 * claim after the caller read its mark would make the release (which clears only that mark) miss,
 * and the claim would stay held for a whole lease with nobody working on it.
 */
export async function renewingWhile<T>(
  task: () => Promise<T>,
  everyMs: number,
  renew: () => Promise<unknown>,
): Promise<T> {
  const underWay = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    const renewal = renew().catch(() => {});
    underWay.add(renewal);
    void renewal.then(() => underWay.delete(renewal));
  }, everyMs);
  try {
    return await task();
  } finally {
    clearInterval(timer);
    await Promise.all(underWay);
  }
}
