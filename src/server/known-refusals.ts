// What a server knows of the public forms' limits between two statements (src/server/form-guard.ts,
// docs/decisions/0021-postgresql-round-trips.md, "One statement per submission"): the guard counts
// the limits in the statement that stores the submission, after the human check, so it keeps an
// attacker over a limit from reaching the human check (a call to Cloudflare) in two ways:
// - refused limits are remembered, until the database would answer otherwise: until enough of the
//   key's hits have left the window to bring it under its limit. Exact, not a guess: the count can
//   only grow meanwhile, so the memory refuses nobody the database would let through (`forgetRefusal`
//   follows rate-limit.ts `forget`, which clears sign-in failures, keys never remembered here);
// - one attempt at a time per key on a server (`oneAtATime`, for a browser's and an address's keys): a
//   burst of attempts waits for the first one's answer (a second at most), then is refused from memory.
//   A browser sends one form at a time; visitors sharing an address wait only while another of them
//   is checked, at most a second.
// The memory answers for the moment it is asked; the database would answer a moment later, after the
// human check, so at the very end of a refusal the two can differ by that moment.
// Where each request has a process of its own (a Netlify function), there is nothing to remember or to
// wait for: the guard counts the limits first there (AppDeps.answersAlone, form-guard.ts).
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

/** The longest an attempt waits for another with one of its keys: then it goes on without holding them. */
export const MAX_WAIT_MS = 1000;

// The global timer, not node:timers/promises: tests move it with fake timers.
const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref?.();
  });

/**
 * Waits until no other attempt on this server holds any of `checks`' keys, then holds them all;
 * answers the release. Never holds while waiting, so two attempts never wait on each other. Stops
 * waiting, without holding, once one of the keys is known refused (the caller refuses it) or after
 * MAX_WAIT_MS: visitors sharing one address (a phone network, a store's Wi-Fi) never queue long
 * behind each other, and a slow human check holds nobody up for more than that.
 */
export async function oneAtATime(deps: AppDeps, checks: readonly Check[]): Promise<() => void> {
  const { busy } = knowledge(deps);
  const deadline = performance.now() + MAX_WAIT_MS;
  for (;;) {
    const holder = checks.map((check) => busy.get(check.key)).find((held) => held !== undefined);
    if (!holder) break;
    const left = deadline - performance.now();
    if (left <= 0) return () => {};
    await Promise.race([holder, pause(left)]);
    if (knownRefusal(deps, checks, deps.now())) return () => {};
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
 * the moment the hit that brings the count under the limit, counted from the oldest, leaves the
 * window. A lookup that fails learns nothing (the refusal is answered all the same).
 */
export async function learnRefusals(deps: AppDeps, checks: readonly Check[], now: number): Promise<void> {
  await Promise.all(checks.map((check) => learnRefusal(deps, check, now).catch(() => {})));
}

async function learnRefusal(deps: AppDeps, check: Check, now: number): Promise<void> {
  const { limit, windowMs } = check.limit;
  const { rows } = await sql<{ at: number | string; total: number | string }>`select "at", "total" from (
      select "at", sum("hits") over (order by "at") as "running", sum("hits") over () as "total"
      from "rate_limit_counts" where "key" = ${check.key} and "at" > ${now - windowMs}) as "hits"
    where "running" >= "total" - ${limit} + 1 order by "at" limit 1`.execute(deps.db);
  const row = rows[0];
  if (row && Number(row.total) >= limit) knowledge(deps).refused.set(check.key, Number(row.at) + windowMs);
}

/** Forgets a remembered refusal of `key` (its hits were cleared). */
export function forgetRefusal(deps: AppDeps, key: string): void {
  knowledge(deps).refused.delete(key);
}
