// Limits a server has seen refused, remembered until the database would answer otherwise, so that a
// public form refuses a repeat attempt over a limit before its human check (src/server/form-guard.ts):
// an attacker over a limit does not make us call Cloudflare, nor the database, again and again
// (docs/decisions/0021-postgresql-round-trips.md, "One statement per submission").
// Exact, not a guess: a key at its limit stays there at least until its oldest hit in the window
// leaves the window (hits only grow meanwhile; `forgetRefusal` follows rate-limit.ts `forget`), so
// the memory refuses nobody the database would let through. Each server learns on its own from its
// own refusals; the database stays the judge of every attempt the memory lets through.
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from './deps.ts';

/** Keys remembered per database (a bound on memory under a flood of refused keys; the oldest go first). */
const MAX_KEYS = 10_000;

const memories = new WeakMap<object, LRUCache<string, number>>();

function memory(db: object): LRUCache<string, number> {
  let keys = memories.get(db);
  if (!keys) {
    keys = new LRUCache<string, number>({ max: MAX_KEYS });
    memories.set(db, keys);
  }
  return keys;
}

interface Limited {
  key: string;
  limit: { windowMs: number };
}

/** The first of `checks` known to be at its limit at `now`, without asking the database. */
export function knownRefusal<T extends Limited>(
  deps: AppDeps,
  checks: readonly T[],
  now: number,
): T | undefined {
  const keys = memory(deps.db);
  return checks.find((check) => {
    const until = keys.get(check.key);
    if (until === undefined) return false;
    if (until > now) return true;
    keys.delete(check.key);
    return false;
  });
}

/**
 * Remembers that `check` was refused at `now`: until its oldest hit in the window leaves it. Looked
 * up after the answer (deferred work), on the refusal's path only; a failure just remembers nothing.
 */
export function rememberRefusal(deps: AppDeps, check: Limited, now: number): void {
  const since = now - check.limit.windowMs;
  deps.defer('remember a refusal', async () => {
    const { rows } = await sql<{ oldest: number | string | null }>`select min("at") as "oldest"
      from "rate_limit_counts" where "key" = ${check.key} and "at" > ${since}`
      .execute(deps.db)
      .catch(() => ({ rows: [] }));
    const oldest = rows[0]?.oldest;
    if (oldest !== null && oldest !== undefined) {
      memory(deps.db).set(check.key, Number(oldest) + check.limit.windowMs);
    }
  });
}

/** Forgets a remembered refusal of `key` (its hits were cleared). */
export function forgetRefusal(deps: AppDeps, key: string): void {
  memory(deps.db).delete(key);
}
