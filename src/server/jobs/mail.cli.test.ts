// `npm run admin -- mail list|retry` (run in-process: tests/support/operator-commands.ts) against the
// test's database.
import { expect, test } from 'vitest';
import { operatorCommandTests } from '../../../tests/support/operator-commands.ts';
import type { TestApi } from '../../../tests/support/test-api.ts';
import { enqueueMail, MAX_JOB_ATTEMPTS } from './queue.ts';

let t: TestApi;
const { admin } = operatorCommandTests((api) => {
  t = api;
});

test('mail list shows the queue and the failed mail with its last error; mail retry queues it again', async () => {
  const failed = (await enqueueMail(
    t.db,
    { to: 'gone@example.com', subject: 'Lost?', text: 'x' },
    t.now(),
  )) as string;
  await t.db
    .updateTable('jobs')
    .set({
      status: 'failed',
      attempts: MAX_JOB_ATTEMPTS,
      last_error: '550 mailbox unavailable',
      finished_at: t.now(),
    })
    .where('id', '=', failed)
    .execute();
  const queued = (await enqueueMail(
    t.db,
    { to: 'next@example.com', subject: 'Waiting', text: 'y' },
    t.now(),
  )) as string;

  const all = await admin('mail', 'list');
  expect(all.code).toBe(0);
  expect(all.stdout).toContain(
    `${failed}  failed  tries ${MAX_JOB_ATTEMPTS}  mail  "Lost?" to g***@example.com`,
  );
  expect(all.stdout).toContain('    last error: 550 mailbox unavailable');
  expect(all.stdout).toContain(`${queued}  queued  tries 0  mail  "Waiting" to n***@example.com`);
  const onlyFailed = await admin('mail', 'list', '--failed');
  expect(onlyFailed.stdout).toContain(failed);
  expect(onlyFailed.stdout).not.toContain(queued);

  const unknown = await admin('mail', 'retry', queued);
  expect(unknown).toMatchObject({ code: 2 });
  expect(unknown.stderr).toContain(`error: there is no failed or waiting job '${queued}' (see: mail list)`);
  expect((await admin('mail', 'retry')).stderr).toContain(
    'error: name one job id, or --all-failed, or --all',
  );

  const retried = await admin('mail', 'retry', '--all-failed');
  expect(retried.stdout).toContain('1 job(s) queued again');
  const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', failed).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'queued', attempts: 0, finished_at: null });
  expect((await admin('mail', 'list', '--failed')).stdout).toContain('no failed jobs');

  // A job waiting for its next try after a failure (a contact message's mail when SMTP was down):
  // `--all` makes it due now, as `contact retry-mail` did; a job never tried is left as it is.
  await t.db
    .updateTable('jobs')
    .set({ attempts: 3, run_after: Date.now() + 60 * 60_000, last_error: '421 try later' })
    .where('id', '=', failed)
    .execute();
  expect((await admin('mail', 'retry', '--all')).stdout).toContain('1 job(s) queued again');
  const waiting = await t.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', failed)
    .executeTakeFirstOrThrow();
  expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
  expect(waiting.run_after).toBeLessThanOrEqual(Date.now());
});
