// What a server knows of the public forms' limits between two statements (src/server/form-guard.ts,
// docs/decisions/0021-postgresql-round-trips.md, "One statement per submission"): the guard counts
// the limits in the statement that stores the submission, after the human check, so it keeps an
// attacker over a limit from reaching the human check (a call to Cloudflare) in two ways:
// - refused limits are remembered, until the database would answer otherwise: until enough of the
//   key's hits have left the window to bring it under its limit. Exact, not a guess: the count can
//   only grow meanwhile, so the memory refuses nobody the database would let through (`forgetRefusal`
//   follows rate-limit.ts `forget`, which clears sign-in failures, keys never remembered here);
// - one attempt at a time per key on a server (`oneAtATime`, for a browser's and an address's keys): a
//   burst of attempts waits for the first one's answer, then is refused from memory. Nobody honest
//   waits: a browser sends one form at a time, and an address gets 30 attempts an hour.
// Each server learns on its own; the database stays the judge of every attempt the memory lets through.
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from './deps.ts';
import type { Check } from './rate-limit.ts';

/** Keys remembered per database (a bound on memory under a flood of refused keys; the oldest go first). */
const MAX_KEYS = 10_000;

interface Knowledge {
  refused: LRUCache<string, number>;
  /** The attempt holding each key: its end (answered and learned). */
  busy: Map<string, Promise<void>>;
}

const byDatabase = new WeakMap<object, Knowledge>();

function knowledge(deps: AppDeps): Knowledge {
  let known = byDatabase.get(deps.db);
  if (!known) {
    known = { refused: new LRUCache<string, number>({ max: MAX_KEYS }), busy: new Map() };
    byDatabase.set(deps.db, known);
  }
  return known;
}

/** The first of `checks` known to be at its limit at `now`, without asking the database. */
export function knownRefusal(deps: AppDeps, checks: readonly Check[], now: number): Check | undefined {
  const { refused } = knowledge(deps);
  return checks.find((check) => {
    const until = refused.get(check.key);
    if (until === undefined) return false;
    if (until > now) return true;
    refused.delete(check.key);
    return false;
  });
}

/**
 * Waits until no other attempt on this server holds any of `checks`' keys, then holds them all;
 * answers the release. Never holds while waiting, so two attempts never wait on each other.
 */
export async function oneAtATime(deps: AppDeps, checks: readonly Check[]): Promise<() => void> {
  const { busy } = knowledge(deps);
  for (;;) {
    const holder = checks.map((check) => busy.get(check.key)).find((held) => held !== undefined);
    if (!holder) break;
    await holder;
  }
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const check of checks) busy.set(check.key, done);
  return () => {
    for (const check of checks) if (busy.get(check.key) === done) busy.delete(check.key);
    release();
  };
}

/**
 * After a refusal by the limits (429), learns which of `checks` are at their limit and until when:
 * the moment the hit that brings the count under the limit, counted from the oldest, leaves the window.
 */
export async function learnRefusals(deps: AppDeps, checks: readonly Check[], now: number): Promise<void> {
  for (const check of checks) {
    const { limit, windowMs } = check.limit;
    const { rows } = await sql<{ at: number | string; total: number | string }>`select "at", "total" from (
        select "at", sum("hits") over (order by "at") as "running", sum("hits") over () as "total"
        from "rate_limit_counts" where "key" = ${check.key} and "at" > ${now - windowMs}) as "hits"
      where "running" >= "total" - ${limit} + 1 order by "at" limit 1`.execute(deps.db);
    const row = rows[0];
    if (row && Number(row.total) >= limit) knowledge(deps).refused.set(check.key, Number(row.at) + windowMs);
  }
}

/** Forgets a remembered refusal of `key` (its hits were cleared). */
export function forgetRefusal(deps: AppDeps, key: string): void {
  knowledge(deps).refused.delete(key);
}
