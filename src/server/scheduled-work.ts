// Deferred work that no visitor's request waits for (queued mail, retries, retention), run through
// one entry, runDueWork: the durable queue's due jobs (src/server/jobs/worker.ts, which also queues
// the periodic ones such as retention). On the Node server the queue's worker runs them on a timer
// inside the long-lived process; a Netlify function lives only for its request, so the scheduled
// function netlify/functions/scheduled-work.mts calls runDueWork every few minutes.
import type { AppDeps } from './deps.ts';
import { runDueJobs } from './jobs/worker.ts';

/**
 * Runs every due job once (a failing job is logged and put back or failed, and does not stop the
 * others), then waits for the work they deferred; answers the queue's counts.
 */
export async function runDueWork(deps: AppDeps): Promise<{ done: number; retry: number; failed: number }> {
  const counts = await runDueJobs(deps);
  await deps.settle();
  return counts;
}
