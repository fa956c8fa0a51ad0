import { expect, test } from 'vitest';
import { groupByPromotion, readAllWinners, WINNERS_LIMIT, type Winner } from './winners.ts';

const winner = (promotion: string, first_name: string): Winner => ({
  promotion,
  first_name,
  last_name: 'M.',
  city: 'Erie',
  state: 'PA',
  prize: 'Gas',
});

test('reads pages from 0 until a short page', async () => {
  const asked: [number, number][] = [];
  const all = await readAllWinners(async (page, limit) => {
    asked.push([page, limit]);
    return {
      items: Array.from({ length: page < 2 ? WINNERS_LIMIT : 3 }, (_, i) => winner('A', `W${page}-${i}`)),
    };
  });
  expect(asked).toEqual([
    [0, 50],
    [1, 50],
    [2, 50],
  ]);
  expect(all).toHaveLength(103);
});

test('stops at an empty page', async () => {
  let calls = 0;
  const all = await readAllWinners(async () => {
    calls += 1;
    return calls === 1 ? { items: Array.from({ length: 50 }, () => winner('A', 'x')) } : { items: [] };
  });
  expect(calls).toBe(2);
  expect(all).toHaveLength(50);
});

test('groups by promotion in the order given', () => {
  const groups = groupByPromotion([winner('New', 'a'), winner('New', 'b'), winner('Old', 'c')]);
  expect(groups.map((g) => [g.promotion, g.winners.map((w) => w.first_name)])).toEqual([
    ['New', ['a', 'b']],
    ['Old', ['c']],
  ]);
});
