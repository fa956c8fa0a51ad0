// A prize goes to a confirmed person, once (docs/decisions/0015), on SQLite and PostgreSQL: the
// winner's link confirms or declines once, within the promotion's days; Previous Winners lists
// confirmed winners only; an alternate draw replaces a refused or lapsed prize, never with someone
// already drawn (by mailbox, account, the account's own mailbox, phone or postal address), and
// `draw verify` repeats it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { PURGE_JOB } from '../../server/cdn-purge.ts';
import { alternateExclusions, replaceableWinners } from './alternates.server.ts';
import { CONFIRMATION_MESSAGES } from './confirmation.ts';
import { commitDraw, completeDraw, drawnEntryIds, findDraw, verifyDraw } from './draws.server.ts';
import { exportEntries, readExport } from './entries-export.cli.ts';
import { entryValues, insertEntry } from './giveaway.sample.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** A finished promotion with entries and one drawn winner; answers the winner and its link token. */
async function drawOne(id: string, people: Parameters<typeof entryValues>[], confirmDays = 3) {
  const promotion = await runningPromotion(
    t,
    { title: `Promotion ${id}`, winners_count: 1, confirm_days: confirmDays },
    id,
  );
  for (const [index, [email, changes]] of people.entries()) {
    // One day each: one mailbox may enter once a day.
    await insertEntry(t.db, id, entryValues(email, changes), t.now() - index * DAY, `${id}-${index}`);
  }
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 1 });
  const [winner] = await completeDraw(t.deps, promotion, draw, seed, entries);
  if (!winner) throw new Error('nobody drawn');
  return { promotion, draw: { ...draw, seed }, winner };
}

const published = async (promotion: string) =>
  ((await t.call('GET', '/previous-winners?page=0&limit=50')).json.items as { promotion: string }[]).filter(
    (item) => item.promotion === promotion,
  );

test('the link shows the pending prize, confirms once; only then is the winner published', async () => {
  const { winner } = await drawOne('confirm', [['ann@example.com', {}]]);
  const stored = await t.db.selectFrom('winners').selectAll().executeTakeFirstOrThrow();
  expect(stored.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.confirm_token_hash).not.toContain(winner.token);
  expect(Number(stored.confirm_by)).toBe(t.now() + 3 * DAY);
  expect(await published('Promotion confirm')).toEqual([]);

  const status = await t.call('POST', '/winner/status', { body: { token: winner.token } });
  expect(status.status).toBe(200);
  expect(status.json).toEqual({
    promotion: 'Promotion confirm',
    prize: '$100 gift card',
    first_name: 'Dana',
    confirm_by: new Date(t.now() + 3 * DAY).toISOString(),
  });
  const [first, second] = await Promise.all([
    t.call('POST', '/winner/confirm', { body: { token: winner.token } }),
    t.call('POST', '/winner/confirm', { body: { token: winner.token } }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 404]);
  expect((await t.call('POST', '/winner/decline', { body: { token: winner.token } })).status).toBe(404);
  expect(await published('Promotion confirm')).toHaveLength(1);
});

test('a bad, used or expired link is 404 invalid_link; declining is final and publishes nobody', async () => {
  for (const token of ['x', 'a'.repeat(43), 12]) {
    const answer = await t.call('POST', '/winner/status', { body: { token } });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ code: 'invalid_link', description: CONFIRMATION_MESSAGES.invalid });
  }
  const late = await drawOne('late', [['late@example.com', {}]], 2);
  const declined = await drawOne('declined', [['no@example.com', {}]]);
  expect((await t.call('POST', '/winner/decline', { body: { token: declined.winner.token } })).json).toEqual({
    state: 'declined',
  });
  expect((await t.call('POST', '/winner/confirm', { body: { token: declined.winner.token } })).status).toBe(
    404,
  );
  t.advance(2 * DAY + 1);
  expect((await t.call('POST', '/winner/confirm', { body: { token: late.winner.token } })).status).toBe(404);
  expect(await published('Promotion late')).toEqual([]);
  expect(await published('Promotion declined')).toEqual([]);
  expect((await replaceableWinners(t.deps, late.draw.id)).map((w) => w.entry_id)).toEqual([
    late.winner.entry.id,
  ]);
});

test('an alternate draw leaves out everyone linked to the winner it replaces, and verifies', async () => {
  // Every entry but one is the winner again: another spelling, their phone, their building.
  const { promotion, draw, winner } = await drawOne('alt', [
    ['pat@example.com', { phone: '8145550001', address_1: '12 Main Street Rear', last_name: 'Jones' }],
    ['Pat+again@example.com', { phone: '8145550002', address_1: '1 Elm St', last_name: 'Jones' }],
    ['pat.phone@example.com', { phone: '8145550001', address_1: '2 Elm St', last_name: 'Lee' }],
    ['pat.home@example.com', { phone: '8145550003', address_1: '12 main st', last_name: 'Jоnes' }],
    ['quinn@example.com', { phone: '8145550004', address_1: '9 Oak Ave', last_name: 'Quinn' }],
  ]);
  await t.call('POST', '/winner/decline', { body: { token: winner.token } });
  const excluded = await alternateExclusions(t.deps, draw);
  const winnerFacts = winner.entry;
  // Linked to the winner: all but Quinn, whichever of the four won.
  expect(excluded).toHaveLength(winnerFacts.email === 'quinn@example.com' ? 1 : 4);
  const replaces = (await replaceableWinners(t.deps, draw.id)).map((w) => w.id);
  const alt = await commitDraw(t.deps, { promotion, day: null, winners: 1, excluded, replaces });
  const [alternate] = await completeDraw(t.deps, promotion, alt.draw, alt.seed, alt.entries);
  expect(alternate?.entry.id).not.toBe(winner.entry.id);
  if (winnerFacts.email !== 'quinn@example.com') expect(alternate?.entry.email).toBe('quinn@example.com');
  const record = await findDraw(t.deps, alt.draw.id);
  expect(JSON.parse(record?.replaces ?? '[]')).toEqual(replaces);
  const { csv } = await exportEntries(t.deps, promotion.id, null);
  const verified = verifyDraw(
    { ...(record as NonNullable<typeof record>), seed: alt.seed },
    readExport(csv),
    await drawnEntryIds(t.deps, alt.draw.id),
  );
  expect(verified.problems).toEqual([]);
});

test("a winner's answer whose reply was lost, sent again with its Idempotency-Key, gets the first reply", async () => {
  const { winner } = await drawOne('retry', [['cy@example.com', {}]]);
  const headers = { 'Idempotency-Key': '"b1e5c0de-0000-4000-8000-000000000001"' };
  const first = await t.call('POST', '/winner/confirm', { body: { token: winner.token }, headers });
  const retry = await t.call('POST', '/winner/confirm', { body: { token: winner.token }, headers });
  expect([first.status, retry.status]).toEqual([200, 200]);
  expect(retry.json).toEqual(first.json);
  expect(await published('Promotion retry')).toHaveLength(1);
});

test("a confirmation, which publishes a winner, queues a purge of the CDN's winners; a decline does not", async () => {
  const purges = async () =>
    (
      await t.db.selectFrom('jobs').select(['payload', 'run_after']).where('kind', '=', PURGE_JOB).execute()
    ).map((job) => ({ tags: JSON.parse(job.payload).tags, after: Number(job.run_after) - t.now() }));
  const before = (await purges()).length;
  const yes = await drawOne('purge-yes', [['yes@example.com', {}]]);
  const no = await drawOne('purge-no', [['nope@example.com', {}]]);
  expect(await purges()).toHaveLength(before); // a draw publishes nobody
  await t.call('POST', '/winner/decline', { body: { token: no.winner.token } });
  expect(await purges()).toHaveLength(before);
  await t.call('POST', '/winner/confirm', { body: { token: yes.winner.token } });
  const queued = (await purges()).slice(before);
  expect(queued).toHaveLength(1);
  expect(queued[0]?.tags).toEqual(['winners']);
  expect(queued[0]?.after).toBeGreaterThan(0); // once every server has seen the change
});
