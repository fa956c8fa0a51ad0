import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, START, type TestApi } from '../../../tests/support/test-api.ts';
import { insertOffers, offerRow, SAMPLE_OFFERS } from './offers.sample.ts';
import { seedOffers } from './offers.seed.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const offer = (id: string, starts_on: string, ends_on: string, display_order = 0) =>
  offerRow(id, { starts_on, ends_on, display_order }, START);

describe('GET /offers', () => {
  it('answers { success, items } with only the offers running today (store time), in display order', async () => {
    // START is 2026-05-01 14:00 UTC, 10:00 in the stores' time zone.
    await insertOffers(t.db, [
      offer('ends-today', '2026-04-01', '2026-05-01', 2),
      offer('starts-today', '2026-05-01', '2026-06-01', 1),
      offer('ended', '2026-04-01', '2026-04-30'),
      offer('future', '2026-05-02', '2026-06-01'),
    ]);
    const answer = await t.call('GET', '/offers');
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(answer.json.items.map((item: { id: string }) => item.id)).toEqual(['starts-today', 'ends-today']);
    expect(answer.json.items[0]).toEqual({
      id: 'starts-today',
      image: '/media/offers/starts-today.svg',
      price: '$1.00',
      title: 'Offer starts-today',
      description: 'About starts-today',
      category: 'General Merchandise',
    });
  });

  it('moves with the store day: at 23:30 in New York it is still that day, the next day the ended offer is gone', async () => {
    t.advance(13.5 * 60 * 60 * 1000); // 2026-05-01 23:30 New York (05-02 03:30 UTC)
    expect((await t.call('GET', '/offers')).json.items.map((i: { id: string }) => i.id)).toContain(
      'ends-today',
    );
    t.advance(DAY);
    const ids = (await t.call('GET', '/offers')).json.items.map((i: { id: string }) => i.id);
    expect(ids).toEqual(['future', 'starts-today']); // display order 0, then 1
  });

  it('the sample offers cover all three categories, run from the seed day, and seeding twice adds nothing', async () => {
    await t.db.deleteFrom('offers').execute();
    await seedOffers({ db: t.db, now: t.now() });
    await seedOffers({ db: t.db, now: t.now() });
    const items = (await t.call('GET', '/offers')).json.items;
    expect(items).toHaveLength(SAMPLE_OFFERS.length);
    expect(new Set(items.map((i: { category: string }) => i.category)).size).toBe(3);
  });
});
