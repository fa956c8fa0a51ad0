// Retention (docs/decisions/0010) on both engines: what is past its period goes, winners and draws
// stay, and the daily job runs once a day on whichever worker claims it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningPromotion } from '../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { enqueueMail } from '../server/jobs/queue.ts';
import { runDueJobs } from '../server/jobs/worker.ts';
import { commitDraw, completeDraw } from './giveaway/draws.server.ts';
import { entryValues, insertEntry } from './giveaway/giveaway.sample.ts';
import { runRetention } from './retention.server.ts';

const DAY = 24 * 60 * 60_000;
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const count = async (
  table: 'giveaway_entries' | 'contact_messages' | 'vitals' | 'applications' | 'winners' | 'draws' | 'jobs',
) => (await t.db.selectFrom(table).select('id').execute()).length;

async function contactMessage(at: number) {
  await t.db
    .insertInto('contact_messages')
    .values({
      id: randomUUID(),
      reference: `KF-${randomUUID().slice(0, 9)}`,
      department: 2,
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      phone: '8145550100',
      subject: 's',
      message: 'm',
      ip: null,
      user_id: null,
      created_at: at,
      handled_at: null,
      department_mailed_at: at,
      ack_mailed_at: at,
      ack_withheld_at: null,
    })
    .execute();
}

const vital = (at: number) =>
  t.db
    .insertInto('vitals')
    .values({
      id: randomUUID(),
      path: '/',
      name: 'LCP',
      value: 1000,
      rating: 'good',
      device: 'mobile',
      created_at: at,
    })
    .execute();

const application = (at: number) =>
  t.db
    .insertInto('applications')
    .values({
      id: randomUUID(),
      kind: 'charge-card',
      reference: `CC-${randomUUID().slice(0, 9)}`,
      created_at: at,
      summary: 'A B',
      key_id: 'k',
      payload: 'sealed',
    })
    .execute();

test('deletes what is past its period (defaults), keeping winners, draws and everything younger', async () => {
  const now = t.now(); // 2026-05-01
  const old = await runningPromotion(
    t,
    { starts_on: '2025-01-01', ends_on: '2025-03-31', draw_on: '2025-04-03', winners_count: 1 },
    'old',
  );
  const recent = await runningPromotion(
    t,
    { starts_on: '2026-01-01', ends_on: '2026-03-31', draw_on: '2026-04-03' },
    'recent',
  );
  for (let i = 0; i < 4; i++)
    await insertEntry(t.db, old.id, entryValues(`old${i}@example.com`), Date.UTC(2025, 1, 1));
  for (let i = 0; i < 3; i++)
    await insertEntry(t.db, recent.id, entryValues(`new${i}@example.com`), Date.UTC(2026, 1, 1));
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion: old, day: null, winners: 1 });
  await completeDraw(t.deps, old, draw, seed, entries);
  await contactMessage(now - 731 * DAY);
  await contactMessage(now - 729 * DAY);
  await vital(now - 91 * DAY);
  await vital(now - 89 * DAY);
  await application(now - 366 * DAY);
  await application(now - 364 * DAY);
  const done = (await enqueueMail(
    t.db,
    { to: 'x@example.com', subject: 'old', text: 'x' },
    now - 40 * DAY,
  )) as string;
  await t.db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: now - 31 * DAY })
    .where('id', '=', done)
    .execute();
  const failed = (await enqueueMail(
    t.db,
    { to: 'y@example.com', subject: 'failed', text: 'y' },
    now - 40 * DAY,
  )) as string;
  await t.db
    .updateTable('jobs')
    .set({ status: 'failed', finished_at: now - 31 * DAY })
    .where('id', '=', failed)
    .execute();

  const member = await t.member(); // with a session of today
  await t.db
    .insertInto('sessions')
    .values({ token_hash: 'ended', user_id: member.id, created_at: now - 31 * DAY, expires_at: now - DAY })
    .execute();

  expect(await runRetention(t.deps, {})).toEqual({
    entries: 3,
    contactMessages: 1,
    vitals: 1,
    applications: 1,
    jobs: 1,
    idempotencyKeys: 0,
    sessions: 1,
  });
  const sessions = await t.db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', member.id)
    .execute();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]?.token_hash).not.toBe('ended');
  expect(await count('giveaway_entries')).toBe(4); // the old promotion's winner and the recent promotion's 3
  expect(await count('winners')).toBe(1);
  expect(await count('draws')).toBe(1);
  expect(await count('contact_messages')).toBe(1);
  expect(await count('vitals')).toBe(1);
  expect(await count('applications')).toBe(1);
  expect((await t.db.selectFrom('jobs').select('id').execute()).map((row) => row.id)).toEqual([failed]);

  // The settings shorten (or lengthen) each period.
  expect(
    await runRetention(t.deps, {
      CONTACT_RETENTION_DAYS: '1',
      VITALS_RETENTION_DAYS: '1',
      APPLICATION_RETENTION_DAYS: '1',
      ENTRY_RETENTION_DAYS: '1',
    }),
  ).toEqual({
    entries: 3,
    contactMessages: 1,
    vitals: 1,
    applications: 1,
    jobs: 0,
    idempotencyKeys: 0,
    sessions: 0,
  });
});

test('runs as a daily job of the queue: once a day, whichever worker claims it', async () => {
  await vital(t.now() - 100 * DAY);
  t.advance(DAY);
  await runDueJobs(t.deps);
  expect(await count('vitals')).toBe(0);
  const runs = await t.db
    .selectFrom('jobs')
    .select(['kind', 'status'])
    .where('kind', '=', 'retention')
    .execute();
  expect(runs).toEqual([{ kind: 'retention', status: 'done' }]);
  await runDueJobs(t.deps);
  expect((await t.db.selectFrom('jobs').select('id').where('kind', '=', 'retention').execute()).length).toBe(
    1,
  );
});
