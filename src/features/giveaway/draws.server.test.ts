// Draws in the database on both engines: recorded before the winners are known, repeated from the
// published seed and the exported list, and refused when the list was changed.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import {
  commitDraw,
  completeDraw,
  drawnEntryIds,
  eligibleEntries,
  findDraw,
  verifyDraw,
} from './draws.server.ts';
import { exportEntries, readExport } from './entries-export.cli.ts';
import { entryValues, insertEntry } from './giveaway.sample.ts';

/** One address for the entries of a test that are not told apart by it. */
const place = { address_1: '1 Main St', city: 'Erie', zip: '16501', phone: '8145550100' };
/** An entry linked to no other by its phone, building or last name (the n-th of its test). */
const apart = (id: string, email: string, n: number) =>
  entryValues(email, {
    ...place,
    first_name: 'A',
    last_name: id,
    address_1: `${id} Main St`,
    phone: `81455502${n}0`,
  });

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

test('a draw is committed, drawn, published and repeatable from its seed', async () => {
  const promotion = await runningPromotion(t, { winners_count: 3 }, 'drawn');
  for (let i = 0; i < 25; i++) {
    const email = `p${i % 10}+d${i}@example.com`;
    const entry = entryValues(email, { ...place, first_name: `First${i}`, last_name: 'Winner' });
    await insertEntry(t.db, promotion.id, entry, t.now(), `entry-${i}`, {
      entry_day: `2026-04-${String(1 + Math.floor(i / 10)).padStart(2, '0')}`,
    });
  }
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 3 });
  const committed = await findDraw(t.deps, draw.id);
  expect(committed).toMatchObject({ eligible_count: 25, seed: null, drawn_at: null });
  expect(committed?.seed_hash).toMatch(/^[0-9a-f]{64}$/);

  const winners = await completeDraw(t.deps, promotion, draw, seed, entries);
  expect(winners).toHaveLength(3);
  expect(new Set(winners.map((w) => w.entry.person_key)).size).toBe(3);
  const published = await findDraw(t.deps, draw.id);
  expect(published?.seed).toBe(seed);

  const record = { ...(published as NonNullable<typeof published>), seed: seed };
  const exported = [...(await eligibleEntries(t.deps, promotion.id, null))].reverse();
  const drawn = await drawnEntryIds(t.deps, draw.id);
  expect(verifyDraw(record, exported, drawn)).toMatchObject({ ok: true, problems: [] });

  const tampered = verifyDraw(record, exported.slice(1), drawn);
  expect(tampered.ok).toBe(false);
  expect(tampered.problems.join('\n')).toMatch(/24 entries, the draw recorded 25/);
  const otherSeed = verifyDraw({ ...record, seed: 'a'.repeat(64) }, exported, drawn);
  expect(otherSeed.problems[0]).toMatch(/does not match the hash/);

  // One day's entries only.
  const day = await eligibleEntries(t.deps, promotion.id, '2026-04-02');
  expect(day.map((entry) => entry.id)).toEqual([
    'entry-10',
    'entry-11',
    'entry-12',
    'entry-13',
    'entry-14',
    'entry-15',
    'entry-16',
    'entry-17',
    'entry-18',
    'entry-19',
  ]);

  // Published once confirmed (confirmation.server.test.ts): two of the three have.
  expect((await t.call('GET', '/previous-winners?page=0&limit=50')).json.items).toEqual([]);
  for (const { token } of winners.slice(0, 2)) {
    expect((await t.call('POST', '/winner/confirm', { body: { token } })).status).toBe(200);
  }
  const listed = await t.call('GET', '/previous-winners?page=0&limit=50');
  expect(listed.json.items).toHaveLength(2);
  expect(listed.json.items[0]).toMatchObject({
    promotion: 'Spring Fuel Giveaway',
    last_name: 'W.',
    prize: '$100 gift card',
  });
});

test('a draw over entries that look like spreadsheet formulas verifies from its own export (docs/threat-model.md)', async () => {
  const promotion = await runningPromotion(t, { winners_count: 4 }, 'formulas');
  // Names and person keys as a visitor might type them; the export must neither run nor change them.
  const looks = [
    '=HYPERLINK("http://x.example","y")',
    '@SUM(1)',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
    "'quoted",
    'plain',
  ];
  for (const [i, look] of looks.entries()) {
    const email = `${look}@example.com`;
    const entry = entryValues(email, { ...place, first_name: look, last_name: look });
    await insertEntry(t.db, promotion.id, entry, t.now(), `${look}-${i}`, {
      entry_day: '2026-04-01',
      person_key: email,
    });
  }
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 4 });
  await completeDraw(t.deps, promotion, draw, seed, entries);
  const { csv } = await exportEntries(t.deps, promotion.id, null);
  const cells = parse(csv, { columns: true }) as Record<string, string>[];
  const names = cells.map((row) => row.first_name ?? '');
  // No cell an operator opens starts a formula.
  expect(names.filter((name) => /^[=+\-@]/.test(name))).toEqual([]);
  expect(names).toContain('\'=HYPERLINK("http://x.example","y")');
  const read = readExport(csv);
  expect(read.map((entry) => entry.person_key).sort()).toEqual(
    looks.map((look) => `${look}@example.com`).sort(),
  );
  const result = verifyDraw({ ...draw, seed }, read, await drawnEntryIds(t.deps, draw.id));
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
});

test("one prize per account: a member's entries under two mailboxes win once; old exports are refused for new draws", async () => {
  const promotion = await runningPromotion(t, { winners_count: 5 }, 'accounts');
  const member = await t.member();
  const rows = [
    ['acc-1', 'ann@example.com', member.id],
    ['acc-2', 'ann.other@example.com', member.id],
    ['acc-3', 'bob@example.com', null],
  ] as const;
  for (const [n, [id, email, userId]] of rows.entries()) {
    await insertEntry(t.db, promotion.id, apart(id, email, n), t.now(), id, {
      entry_day: '2026-04-01',
      user_id: userId,
    });
  }
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 5 });
  const winners = await completeDraw(t.deps, promotion, draw, seed, entries);
  expect(winners).toHaveLength(2);
  expect(winners.map((w) => w.entry.id)).toContain('acc-3');
  const { csv } = await exportEntries(t.deps, promotion.id, null);
  const drawn = await drawnEntryIds(t.deps, draw.id);
  expect(verifyDraw({ ...draw, seed }, readExport(csv), drawn).ok).toBe(true);
  // Without the accounts' mailboxes (an export made before they were listed) the draw cannot be repeated.
  const withoutAccounts = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.slice(0, line.lastIndexOf(',')))
    .join('\n');
  expect(() => readExport(withoutAccounts)).toThrow(/no account_key column/);
});

test("one prize per person: a guest entry under a member's own mailbox and the member's entry under another win once", async () => {
  const promotion = await runningPromotion(t, { winners_count: 5 }, 'own-mailbox');
  const member = await t.member();
  const rows = [
    ['own-1', member.email, null, null, '2026-04-01'],
    ['own-2', 'elsewhere@example.com', member.id, mailboxOf(member.email), '2026-04-02'],
    ['own-3', 'carl@example.com', null, null, '2026-04-02'],
  ] as const;
  for (const [n, [id, email, userId, accountKey, day]] of rows.entries()) {
    await insertEntry(t.db, promotion.id, apart(id, email, n), t.now(), id, {
      entry_day: day,
      user_id: userId,
      account_key: accountKey,
    });
  }
  const { draw, seed, entries } = await commitDraw(t.deps, { promotion, day: null, winners: 5 });
  const winners = await completeDraw(t.deps, promotion, draw, seed, entries);
  expect(winners).toHaveLength(2);
  expect(winners.map((w) => w.entry.id)).toContain('own-3');
  const { csv } = await exportEntries(t.deps, promotion.id, null);
  expect(verifyDraw({ ...draw, seed }, readExport(csv), await drawnEntryIds(t.deps, draw.id)).ok).toBe(true);
});
