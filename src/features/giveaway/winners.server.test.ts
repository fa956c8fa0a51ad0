// GET /previous-winners on the sample data: newest promotion first, initials unless the promotion
// publishes full names, pages of at most 50. Also: the sample data itself (idempotent, complete).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { runSeeders } from '../../server/db/seed.ts';
import { seeders } from '../seeds.ts';
import { lastNameInitial } from './winners.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await runSeeders(t.db, seeders, t.now());
  await runSeeders(t.db, seeders, t.now()); // a second run adds nothing
});
afterAll(() => t.close());

test('sample data: one promotion running now, two finished with drawn winners', async () => {
  const active = await t.call('GET', '/promotion?active_only=true');
  expect(active.json.items).toHaveLength(1);
  expect(active.json.items[0].id).toBe('sample-free-gas-for-a-year');
  expect((await t.call('GET', '/promotion')).json.items).toHaveLength(3);
  const draws = await t.db.selectFrom('draws').selectAll().execute();
  expect(draws).toHaveLength(2);
  for (const draw of draws) expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
});

test('winners newest promotion first, last names as initials unless published in full', async () => {
  const answer = await t.call('GET', '/previous-winners?page=0&limit=50');
  expect(answer.status).toBe(200);
  const items = answer.json.items as { promotion: string; last_name: string }[];
  expect(items.map((item) => item.promotion)).toEqual([
    'Summer Road Trip Giveaway',
    'Summer Road Trip Giveaway',
    'Summer Road Trip Giveaway',
    'Holiday Gift Card Giveaway',
    'Holiday Gift Card Giveaway',
  ]);
  for (const item of items.slice(0, 3)) expect(item.last_name).toMatch(/^[A-Z]\.$/);
  for (const item of items.slice(3)) expect(item.last_name.length).toBeGreaterThan(2);
  expect(Object.keys(items[0] as object).sort()).toEqual(
    ['city', 'first_name', 'last_name', 'prize', 'promotion', 'state'].sort(),
  );
});

test('pages follow one another; bad paging is a 400', async () => {
  const second = await t.call('GET', '/previous-winners?page=2&limit=2');
  expect(second.json.items).toHaveLength(1);
  expect((await t.call('GET', '/previous-winners?page=9')).json.items).toEqual([]);
  for (const query of ['page=-1', 'page=x', 'limit=51', 'limit=0']) {
    const answer = await t.call('GET', `/previous-winners?${query}`);
    expect(answer.status, query).toBe(400);
    expect(answer.json.error.code).toBe('invalid_input');
  }
});

test('initials', () => {
  expect(lastNameInitial('miller')).toBe('M.');
  expect(lastNameInitial(' Ó Briain')).toBe('Ó.');
  expect(lastNameInitial('')).toBe('');
});
