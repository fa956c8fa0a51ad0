// Expired rows (rate-limit counts, used human-check tokens) are cleared on the request path, but at
// most once a minute per process and database: the clean-up scans its table, which on every
// request, or on a random 2% of them as before, cost more than the requests themselves under load.
const lastRun = new WeakMap<object, Map<string, number>>();

export const SWEEP_EVERY_MS = 60_000;

/** True (and noted as run) when `task` has not run on `db` in the last SWEEP_EVERY_MS of `now`. */
export function sweepDue(db: object, task: string, now: number): boolean {
  const tasks = lastRun.get(db) ?? new Map<string, number>();
  lastRun.set(db, tasks);
  const last = tasks.get(task);
  if (last !== undefined && now - last < SWEEP_EVERY_MS && now >= last) return false;
  tasks.set(task, now);
  return true;
}
