// Runs the queue's due jobs (src/server/jobs/queue.ts). Each server runs a worker: started with the
// API (src/server/runtime.ts), woken every JOB_POLL_MS and right after a request queued a job
// (`deps.jobs.kick()`: the request does not wait for it), stopped before the database closes.
// Handlers by kind: 'mail' sends a stored message; features add theirs in src/server/app.ts
// (registerJobs, called by src/server/runtime.ts and the tests' app, tests/support/test-api.ts).

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../deps.ts';
import type { MailMessage } from '../mailer.ts';
import { countJobFailure } from '../metrics.ts';
import { sweepDue } from '../sweep-schedule.ts';
import { renewingWhile } from './lease.ts';
import { claimJob, completeJob, enqueue, failJob, JOB_LEASE_MS, renewJob } from './queue.ts';

export type JobHandler = (deps: AppDeps, payload: unknown) => Promise<void>;

/** How often an idle server looks for due jobs (retries, jobs queued by other servers or commands). */
export const JOB_POLL_MS = 15_000;

export interface JobRunner {
  /** What runs a job of each kind; 'mail' is built in. */
  handlers: Map<string, JobHandler>;
  /** Kinds queued once per period (ms) by whichever server finds one due first (retention). */
  periodic: Map<string, number>;
  /** This process's name on the leases it takes. */
  owner: string;
  /** Runs the due jobs soon, after the current work (coalesced: one run at a time). */
  kick(): void;
}

export function createJobRunner(deps: () => AppDeps): JobRunner {
  let running = false;
  let again = false;
  const runner: JobRunner = {
    handlers: new Map<string, JobHandler>([['mail', (d, payload) => d.mailer.send(payload as MailMessage)]]),
    periodic: new Map(),
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      deps().defer('job queue', async () => {
        try {
          do {
            again = false;
            await runDueJobs(deps());
          } while (again);
        } finally {
          running = false;
        }
      });
    },
  };
  return runner;
}

/** Queues each periodic kind once per period: the unique key is the kind and the period's number. */
async function queuePeriodic(deps: AppDeps, now: number): Promise<void> {
  if (deps.jobs.periodic.size === 0 || !sweepDue(deps.db, 'periodic jobs', now)) return;
  for (const [kind, everyMs] of deps.jobs.periodic) {
    await enqueue(
      deps.db,
      { kind, payload: {}, summary: kind, uniqueKey: `${kind}:${Math.floor(now / everyMs)}` },
      now,
    );
  }
}

/**
 * Claims and runs due jobs one after another until none is left (only those of `ids`, when
 * given); answers how many were done, put back for a retry, and failed for good.
 */
export async function runDueJobs(deps: AppDeps, { ids }: { ids?: readonly string[] } = {}) {
  const counts = { done: 0, retry: 0, failed: 0 };
  if (!ids) await queuePeriodic(deps, deps.now());
  const leaseMs = deps.config.jobLeaseMs ?? JOB_LEASE_MS;
  for (;;) {
    const job = await claimJob(deps.db, deps.dbKind, {
      owner: deps.jobs.owner,
      now: deps.now(),
      ids,
      leaseMs,
    });
    if (!job) return counts;
    try {
      const handler = deps.jobs.handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for jobs of kind '${job.kind}'`);
      // The lease is short and renewed while the job runs (queue.ts JOB_LEASE_MS).
      await renewingWhile(
        () => handler(deps, JSON.parse(job.payload)),
        leaseMs / 3,
        () => renewJob(deps.db, job, deps.now(), leaseMs),
      );
      await completeJob(deps.db, job, deps.now());
      counts.done++;
    } catch (error) {
      const outcome = await failJob(deps.db, job, error, deps.now());
      counts[outcome]++;
      countJobFailure(job.kind, outcome);
      // The summary only (subject, masked address): a mail's text stays in the database.
      deps.log.warn(
        { task: job.kind, job: job.id, attempts: job.attempts, err: (error as Error)?.message },
        outcome === 'failed'
          ? `job failed for good: ${job.summary}`
          : `job failed, will retry: ${job.summary}`,
      );
    }
  }
}

/** The worker of a server: a look every `pollMs` and one now; the answer stops it. */
export function startJobWorker(
  deps: AppDeps,
  { pollMs = deps.config.jobPollMs ?? JOB_POLL_MS } = {},
): () => Promise<void> {
  deps.jobs.kick();
  const timer = setInterval(() => deps.jobs.kick(), pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deps.settle();
  };
}
