// Draws with many servers (docs/decisions/0010), on both engines: one draw per promotion at a time,
// and the winners' mails queued in the draw's own transaction, so a draw cut off after it was
// stored still mails its winners through the queue.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { enqueue, mailJob } from '../../server/jobs/queue.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { commitDraw, completeDraw, DRAW_LOCK_MS, DrawBusyError, withDrawLock } from './draws.server.ts';
import { entryValues, insertEntry } from './giveaway.sample.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  t.deps.jobs.periodic.clear(); // only the draws' jobs in this file's queue
});
afterAll(() => t.close());

const drawCount = async () => (await t.db.selectFrom('draws').select('id').execute()).length;

test('a second draw of a promotion while one runs fails at once and changes nothing', async () => {
  const promotion = await runningPromotion(t, {}, 'locked');
  const other = await runningPromotion(t, {}, 'unlocked');
  let second: unknown;
  await withDrawLock(t.deps, promotion.id, 'operator-a', async () => {
    const before = await drawCount();
    second = await withDrawLock(t.deps, promotion.id, 'operator-b', async () => {
      await commitDraw(t.deps, { promotion, day: null, winners: 1 });
    }).catch((error: unknown) => error);
    expect(await drawCount()).toBe(before);
    // Another promotion's draw is not held up.
    expect(await withDrawLock(t.deps, other.id, 'operator-b', async () => 'drawn')).toBe('drawn');
  });
  expect(second).toBeInstanceOf(DrawBusyError);
  expect((second as Error).message).toBe(
    'another draw of this promotion is running; nothing was changed. Wait for it to finish, then see: draw list',
  );
  // Released when the first finished (or failed).
  await expect(withDrawLock(t.deps, promotion.id, 'operator-b', async () => 'next')).resolves.toBe('next');
  await expect(
    withDrawLock(t.deps, promotion.id, 'operator-c', async () => {
      throw new Error('entries still open');
    }),
  ).rejects.toThrow('entries still open');
  await expect(withDrawLock(t.deps, promotion.id, 'operator-d', async () => 'after a failure')).resolves.toBe(
    'after a failure',
  );
});

test('the lock of a draw whose process died runs out after DRAW_LOCK_MS', async () => {
  const promotion = await runningPromotion(t, {}, 'died');
  const { takeLease } = await import('../../server/jobs/lease.ts');
  await takeLease(t.db, { name: `draw:${promotion.id}`, holder: 'killed', now: t.now(), ms: DRAW_LOCK_MS });
  await expect(withDrawLock(t.deps, promotion.id, 'operator', async () => 1)).rejects.toBeInstanceOf(
    DrawBusyError,
  );
  t.advance(DRAW_LOCK_MS + 1);
  await expect(withDrawLock(t.deps, promotion.id, 'operator', async () => 2)).resolves.toBe(2);
});

test("a draw cut off after it was stored still mails its winners: the mails are queued in the draw's transaction", async () => {
  const promotion = await runningPromotion(t, { winners_count: 2 }, 'mailed');
  for (let i = 0; i < 5; i++)
    await insertEntry(t.db, promotion.id, entryValues(`w${i}@example.com`), t.now());
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 2 });
  const queueWinners = async (trx: typeof t.db, winners: { entry: { email: string } }[]) => {
    for (const { entry } of winners) {
      await enqueue(trx, mailJob({ to: entry.email, subject: 'You won!', text: 'x' }), t.now());
    }
  };
  // A mail that cannot be queued undoes the draw: winners and mails are stored together or not at all.
  await expect(
    completeDraw(t.deps, promotion, draw, seed, entries, async (trx, winners) => {
      await queueWinners(trx, winners);
      throw new Error('cut off');
    }),
  ).rejects.toThrow('cut off');
  expect(await t.db.selectFrom('winners').select('id').where('draw_id', '=', draw.id).execute()).toEqual([]);
  expect(
    await t.db.selectFrom('jobs').select('id').where('summary', 'like', '"You won!"%').execute(),
  ).toEqual([]);

  const winners = await completeDraw(t.deps, promotion, draw, seed, entries, queueWinners);
  // The command stops here (killed); a server's worker sends the mails.
  await t.deps.settle();
  const before = (await t.outbox()).length;
  expect(await runDueJobs(t.deps)).toMatchObject({ done: 2 });
  const sent = (await t.outbox()).slice(before);
  expect(sent.map((mail) => mail.to).sort()).toEqual(winners.map(({ entry }) => entry.email).sort());
});
