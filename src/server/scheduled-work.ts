// Deferred work that no visitor's request waits for (mail that failed before, sweeps, retention),
// run on a schedule through one entry, runDueWork. On the Node server a timer inside the long-lived
// process runs it (the contact mail sweep); a Netlify function lives only for its request, so the
// scheduled function netlify/functions/scheduled-work.mts calls runDueWork every few minutes.
// What runs is listed once, in src/server/app.ts (SCHEDULED_WORK: the platform imports no feature).
import { SCHEDULED_WORK } from './app';
import type { AppDeps } from './deps';

/**
 * Runs every scheduled task once, one after the other (a failure is logged and does not stop the
 * others), then waits for the work they deferred; answers each task's outcome by name.
 */
export async function runDueWork(deps: AppDeps): Promise<Record<string, unknown>> {
  const outcomes: Record<string, unknown> = {};
  for (const [name, task] of Object.entries(SCHEDULED_WORK)) {
    try {
      outcomes[name] = await task(deps);
    } catch (error) {
      deps.log.error({ err: error, task: name }, 'scheduled work failed');
      outcomes[name] = { error: (error as Error)?.message ?? String(error) };
    }
  }
  await deps.settle();
  return outcomes;
}
