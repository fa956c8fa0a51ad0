// The durable job queue on the test's database (SQLite, or PostgreSQL under with-postgres.sh).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { openDatabase } from '../db/database.ts';
import { createDeps } from '../deps.ts';
import type { MailMessage } from '../mailer.ts';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  claimJob,
  completeJob,
  enqueue,
  enqueueMail,
  JOB_LEASE_MS,
  listJobs,
  MAX_JOB_ATTEMPTS,
  retryJobs,
} from './queue.ts';
import { JOB_POLL_MS, runDueJobs } from './worker.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  t.deps.jobs.periodic.clear(); // the app's daily retention job: tested on its own below
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.settle();
  await t.db.deleteFrom('jobs').execute();
});

const mail = (n: number): MailMessage => ({
  to: `p${n}@example.com`,
  subject: `Mail ${n}`,
  text: `Text ${n}`,
});
const job = (id: string) =>
  t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the job queue', () => {
  it('stores a row and its job as one: a row refused by its unique key queues nothing', async () => {
    const row = { token_hash: 'store-with-job', expires_at: 1 };
    const store = (summary: string) =>
      t.db.transaction().execute(async (trx) => {
        await enqueue(trx, { kind: 'mail', payload: mail(1), summary }, t.deps.now());
        await trx.insertInto('used_tokens').values(row).execute();
      });
    await store('first');
    await expect(store('second')).rejects.toThrow();
    const jobs = await t.db.selectFrom('jobs').select('summary').execute();
    expect(jobs.map((j) => j.summary)).toEqual(['first']);
    await t.db.deleteFrom('used_tokens').where('token_hash', '=', row.token_hash).execute();
  });

  it('sends a queued mail once: marked done with its lease ended, its text not kept', async () => {
    const before = (await t.outbox()).length;
    const id = (await enqueueMail(t.db, mail(1), t.now())) as string;
    expect(await runDueJobs(t.deps)).toEqual({ done: 1, retry: 0, failed: 0 });
    expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
    const sent = (await t.outbox()).slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Mail 1']);
    expect(await job(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      lease_owner: null,
      lease_until: null,
      payload: '{}',
    });
  });

  it('retries a failing SMTP with growing waits for 5 days, as a mail server would, then marks the job failed with its last error', async () => {
    const real = t.deps.mailer;
    let tries = 0;
    t.deps.mailer = {
      async send() {
        tries++;
        throw new Error(`421 try ${tries}: service not available`);
      },
    };
    try {
      const id = (await enqueueMail(t.db, mail(2), t.now())) as string;
      const first = t.now();
      for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt++) {
        expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 1, failed: 0 });
        const row = await job(id);
        expect(row.run_after).toBe(t.now() + backoffMs(attempt));
        // Not before its wait is over.
        t.advance(backoffMs(attempt) - 1);
        expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
        t.advance(1);
      }
      expect(backoffMs(2)).toBe(2 * BACKOFF_BASE_MS);
      expect(Math.max(...Array.from({ length: MAX_JOB_ATTEMPTS }, (_, i) => backoffMs(i)))).toBe(
        BACKOFF_MAX_MS,
      );
      // The span queue.ts states: from the first try to the last, 5 days and 3.5 minutes.
      expect(t.now() - first).toBe(5 * 24 * 60 * 60_000 + 3.5 * 60_000);
      expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 1 });
      expect(tries).toBe(MAX_JOB_ATTEMPTS);
      expect(await job(id)).toMatchObject({
        status: 'failed',
        attempts: MAX_JOB_ATTEMPTS,
        last_error: `421 try ${MAX_JOB_ATTEMPTS}: service not available`,
      });
      t.advance(24 * 60 * 60_000);
      expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
      expect((await listJobs(t.db, { failed: true })).map((row) => row.id)).toEqual([id]);

      // The operator queues it again; it goes once the mail server is back.
      t.deps.mailer = real;
      expect(await retryJobs(t.db, { allFailed: true }, t.now())).toBe(1);
      expect(await runDueJobs(t.deps)).toEqual({ done: 1, retry: 0, failed: 0 });
      expect(await listJobs(t.db, { failed: true })).toEqual([]);
    } finally {
      t.deps.mailer = real;
    }
  });

  it('two workers on two connections never send the same job twice', async () => {
    const second = openDatabase(t.config);
    try {
      const sent: string[] = [];
      const counting = { send: async (message: MailMessage) => void sent.push(message.subject) };
      const workers = [t.db, second.db].map((db) =>
        createDeps({
          config: t.config,
          db,
          dbKind: t.deps.dbKind,
          mailer: counting,
          now: t.now,
          log: t.deps.log,
        }),
      );
      for (let n = 0; n < 40; n++) await enqueueMail(t.db, mail(n), t.now());
      const results = await Promise.all(workers.flatMap((deps) => [runDueJobs(deps), runDueJobs(deps)]));
      expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(40);
      expect(sent.length).toBe(40);
      expect(new Set(sent).size).toBe(40);
      // No claim took more than the one job it ran (that job would wait out a lease for nothing).
      const left = await t.db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute();
      expect(left).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('takes a job again once the lease of a worker that died has run out; the dead one cannot mark it', async () => {
    const id = (await enqueueMail(t.db, mail(3), t.now())) as string;
    const dead = await claimJob(t.db, t.deps.dbKind, { owner: 'dead-server', now: t.now() });
    expect(dead?.id).toBe(id);
    expect(await claimJob(t.db, t.deps.dbKind, { owner: 'other', now: t.now() })).toBeUndefined();
    t.advance(JOB_LEASE_MS - 1);
    expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
    t.advance(2);
    const before = (await t.outbox()).length;
    expect(await runDueJobs(t.deps)).toEqual({ done: 1, retry: 0, failed: 0 });
    expect((await t.outbox()).slice(before).map((m) => m.subject)).toEqual(['Mail 3']);
    expect(await completeJob(t.db, dead as NonNullable<typeof dead>, t.now())).toBe(false);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it("renews the lease while a send runs, however long, and a dead worker's job goes out within a minute", async () => {
    // By default a claim is short (a dead server's mail waits no longer than that, plus a poll).
    expect(JOB_LEASE_MS + JOB_POLL_MS).toBeLessThanOrEqual(60_000);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const id = (await enqueueMail(t.db, mail(5), t.now())) as string;
      const slow = createDeps({ ...t.deps });
      let finish = () => {};
      slow.jobs.handlers.set(
        'mail',
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      );
      const running = runDueJobs(slow);
      await expect.poll(async () => (await job(id)).lease_owner).toBe(slow.jobs.owner);
      // Ten leases long: every third of one, the worker renews it, and nobody else takes the job.
      for (let tick = 0; tick < 30; tick++) {
        t.advance(JOB_LEASE_MS / 3);
        vi.advanceTimersByTime(JOB_LEASE_MS / 3);
        await expect.poll(async () => (await job(id)).lease_until).toBe(t.now() + JOB_LEASE_MS);
        expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
      }
      finish();
      expect(await running).toEqual({ done: 1, retry: 0, failed: 0 });
      // A send that ended renews nothing any more.
      vi.advanceTimersByTime(JOB_LEASE_MS);
      expect(await job(id)).toMatchObject({ status: 'done', lease_until: null, attempts: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("holds a worker's claim for JOB_LEASE_SECONDS when set", async () => {
    const id = (await enqueueMail(t.db, mail(4), t.now())) as string;
    const short = createDeps({ ...t.deps, config: { ...t.config, jobLeaseMs: 5_000 } });
    // A send that never finishes: the worker holds the claim, as a server that died mid-send.
    short.jobs.handlers.set('mail', () => new Promise<void>(() => {}));
    void runDueJobs(short);
    await expect.poll(async () => (await job(id)).lease_owner).toBe(short.jobs.owner);
    expect((await job(id)).lease_until).toBe(t.now() + 5_000);
    t.advance(5_001);
    expect(await runDueJobs(t.deps)).toEqual({ done: 1, retry: 0, failed: 0 });
  });

  it('stores one job per unique key, and fails a job nobody can run with its reason', async () => {
    const first = await enqueue(t.db, { kind: 'nobody', payload: {}, summary: 'x', uniqueKey: 'k' }, t.now());
    expect(first).toBeTypeOf('string');
    expect(
      await enqueue(t.db, { kind: 'nobody', payload: {}, summary: 'x', uniqueKey: 'k' }, t.now()),
    ).toBeUndefined();
    expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 1, failed: 0 });
    expect((await job(first as string)).last_error).toBe("no handler for jobs of kind 'nobody'");
  });

  it('queues a periodic job once per period, whichever worker looks first', async () => {
    let runs = 0;
    const second = openDatabase(t.config);
    const workers = [t.db, second.db].map((db) => {
      const deps = createDeps({
        config: t.config,
        db,
        dbKind: t.deps.dbKind,
        now: t.now,
        log: t.deps.log,
      });
      deps.jobs.handlers.set('tidy', async () => void runs++);
      deps.jobs.periodic.set('tidy', 24 * 60 * 60_000);
      return deps;
    });
    await Promise.all(workers.map((deps) => runDueJobs(deps)));
    expect(runs).toBe(1);
    t.advance(24 * 60 * 60_000);
    await Promise.all(workers.map((deps) => runDueJobs(deps)));
    expect(runs).toBe(2);
    await second.close();
  });
});
