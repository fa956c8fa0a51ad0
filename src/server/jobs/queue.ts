// The durable job queue (docs/decisions/0010-durable-job-queue.md): every mail
// and every deferred job is a row of `jobs`, stored in the transaction of what caused it (or at
// least before the answer says "sent"). Any server claims a due job under a lease (one UPDATE:
// PostgreSQL skips rows another claim has locked, SQLite runs one writer at a time), runs it, and
// marks it done in the same UPDATE that ends its lease, so in normal operation a job runs once.
// A server that dies holding a lease holds nothing once it has run out: the job is taken again
// (at least once after a crash). A failure is retried with exponential backoff, and after
// MAX_JOB_ATTEMPTS the job is marked failed with its last error (`npm run admin -- mail list`).
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Database, JobsTable } from '../db/schema.ts';
import type { MailMessage } from '../mailer.ts';
import { maskEmail } from '../tokens.ts';

export type JobRow = Selectable<JobsTable>;

/**
 * Tries before a job is marked failed: with the backoff below, 5 days and 3.5 minutes from the first
 * try to the last (queue.test.ts adds the waits up), as long as a mail server keeps trying (Postfix's
 * maximal_queue_lifetime, 5 days); KwikfillMailQueuedTooLong says meanwhile that mail waits.
 */
export const MAX_JOB_ATTEMPTS = 127;
/** The wait after the first failure; each further failure doubles it, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 30_000;
/** At most an hour between tries (Postfix: 4000 s), so mail goes soon after its server is back. */
export const BACKOFF_MAX_MS = 60 * 60_000;
/**
 * How long a claim holds unless renewed (JOB_LEASE_SECONDS): the worker renews it every third of
 * that while the job runs (lease.ts renewingWhile), however long a send takes, so it can be short:
 * a server that dies mid-send holds its job for at most this long, and another server's worker
 * (polling every JOB_POLL_SECONDS) sends it within a minute.
 */
export const JOB_LEASE_MS = 30_000;

/** The wait before try `attempts + 1` after `attempts` failed tries. */
export const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export interface NewJob {
  kind: string;
  payload: unknown;
  summary: string;
  /** A second job with the same key is not stored (enqueue answers false). */
  uniqueKey?: string;
  runAfter?: number;
}

/** The row of a new job: for an INSERT ... SELECT of its own (password reset) or enqueue. */
export function jobValues(job: NewJob, now: number) {
  return {
    id: randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    summary: job.summary,
    unique_key: job.uniqueKey ?? null,
    status: 'queued' as const,
    run_after: job.runAfter ?? now,
    created_at: now,
  };
}

/**
 * Stores a job; `db` may be the transaction of what caused it. Answers its id, or undefined when a
 * job with its unique key exists already.
 */
export async function enqueue(db: Kysely<Database>, job: NewJob, now: number): Promise<string | undefined> {
  const values = jobValues(job, now);
  const result = await db
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? values.id : undefined;
}

export const mailJob = (message: MailMessage): NewJob => ({
  kind: 'mail',
  payload: message,
  summary: `"${message.subject}" to ${maskEmail(message.to)}`,
});

/** Queues one mail (sent by the worker: src/server/jobs/worker.ts). */
export const enqueueMail = (db: Kysely<Database>, message: MailMessage, now: number) =>
  enqueue(db, mailJob(message), now);

export interface ClaimOptions {
  owner: string;
  now: number;
  /** Only these jobs (an operator command that sends what it just queued). */
  ids?: readonly string[];
  /** The claim's length (JOB_LEASE_SECONDS; JOB_LEASE_MS by default). */
  leaseMs?: number;
}

/** Takes one due job under a lease for `owner`; undefined when none is due and free. */
export async function claimJob(
  db: Kysely<Database>,
  kind: DatabaseKind,
  { owner, now, ids, leaseMs = JOB_LEASE_MS }: ClaimOptions,
): Promise<JobRow | undefined> {
  if (ids?.length === 0) return undefined;
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('run_after', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('run_after')
    .limit(1);
  if (ids) due = due.where('id', 'in', ids);
  // PostgreSQL: concurrent claims skip the row one of them has locked instead of waiting for it;
  // SQLite takes one writer at a time, so its single UPDATE is the whole claim.
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  return (
    db
      .updateTable('jobs')
      .set((eb) => ({
        lease_owner: owner,
        lease_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      // `=`, not `in`: PostgreSQL then runs the subquery once (an InitPlan); under `in` it may run it
      // again for each row it scans, and each run skips to another free row: one claim took them all.
      .where('id', '=', due)
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst()
  );
}

/** Extends a claimed job's lease to `now + leaseMs`; false when it was lost (another server took it). */
export async function renewJob(
  db: Kysely<Database>,
  job: JobRow,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: now + leaseMs })
    .where('id', '=', job.id)
    .where('status', '=', 'queued')
    .where('lease_owner', '=', job.lease_owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks a claimed job done and ends its lease in one step; the payload (a mail's text, maybe a
 * reset link) is not kept. False when the lease was lost (it ran out and another server took it).
 */
export async function completeJob(db: Kysely<Database>, job: JobRow, now: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'done',
      payload: '{}',
      lease_owner: null,
      lease_until: null,
      last_error: null,
      finished_at: now,
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed try: queued again after the backoff, or failed for good after the last try. */
export async function failJob(
  db: Kysely<Database>,
  job: JobRow,
  error: unknown,
  now: number,
): Promise<'retry' | 'failed'> {
  const reason = String((error as Error)?.message ?? error).slice(0, 500);
  const final = job.attempts >= MAX_JOB_ATTEMPTS;
  await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      last_error: reason,
      lease_owner: null,
      lease_until: null,
      run_after: final ? job.run_after : now + backoffMs(job.attempts),
      finished_at: final ? now : null,
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .execute();
  return final ? 'failed' : 'retry';
}

/** The queue for operators, newest first: every job, or the failed ones only. */
export async function listJobs(db: Kysely<Database>, { failed = false, limit = 200 } = {}) {
  let query = db
    .selectFrom('jobs')
    .select([
      'id',
      'kind',
      'summary',
      'status',
      'attempts',
      'run_after',
      'last_error',
      'created_at',
      'finished_at',
    ])
    .orderBy('created_at', 'desc')
    .limit(limit);
  if (failed) query = query.where('status', '=', 'failed');
  return query.execute();
}

/**
 * Queues jobs again, due now with a fresh count of tries: failed ones, and (`waiting`, or one named
 * by id) those waiting for their next try after a failure, so that mail goes as soon as its server is
 * back; a job a worker holds is left to it. Answers how many.
 */
export async function retryJobs(
  db: Kysely<Database>,
  target: { id: string } | { allFailed: true } | { allFailed: true; waiting: true },
  now: number,
) {
  const waiting = 'id' in target || 'waiting' in target;
  let query = db
    .updateTable('jobs')
    .set({
      status: 'queued',
      attempts: 0,
      run_after: now,
      finished_at: null,
      lease_owner: null,
      lease_until: null,
    })
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        ...(waiting
          ? [
              eb.and([
                eb('status', '=', 'queued'),
                eb('attempts', '>', 0),
                eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
              ]),
            ]
          : []),
      ]),
    );
  if ('id' in target) query = query.where('id', '=', target.id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Done jobs are kept this long for `mail list`, then deleted by the retention job. */
export const FINISHED_JOB_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Deletes done jobs finished more than FINISHED_JOB_KEEP_MS ago (failed ones stay for operators). */
export async function purgeFinishedJobs(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('finished_at', '<', now - FINISHED_JOB_KEEP_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
