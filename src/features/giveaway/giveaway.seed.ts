// Sample data of the giveaway, so a fresh install shows every screen filled: one promotion running
// now and two finished ones, each with entries and a real, verifiable draw. Idempotent: a
// promotion already there (by id) is left alone.

import { chainDay } from '../../lib/dates.ts';
import type { Seeder } from '../../server/db/seed.ts';
import { commitDraw, completeDraw } from './draws.server.ts';
import { insertEntry, SAMPLE_PEOPLE } from './giveaway.sample.ts';
import { createPromotion, findPromotion, type NewPromotion } from './promotions.server.ts';

const DAY = 24 * 60 * 60 * 1000;

const promotionsFor = (now: number): [string, NewPromotion, number][] => [
  [
    'sample-free-gas-for-a-year',
    {
      title: 'Win Free Gas for a Year!',
      hero_text: 'Win Free Gas for a Year: Enter Daily!',
      image_url: '/media/home/giveaway.svg',
      prize: 'Free gas for a year ($2,500 in fuel cards)',
      prize_value_cents: 250_000,
      winners_count: 1,
      starts_on: chainDay(now - 30 * DAY),
      ends_on: chainDay(now + 60 * DAY),
      draw_on: chainDay(now + 63 * DAY),
    },
    0,
  ],
  [
    'sample-summer-road-trip',
    {
      title: 'Summer Road Trip Giveaway',
      prize: '$500 Kwik Fill gift card',
      prize_value_cents: 50_000,
      winners_count: 3,
      starts_on: chainDay(now - 150 * DAY),
      ends_on: chainDay(now - 90 * DAY),
      draw_on: chainDay(now - 87 * DAY),
    },
    12,
  ],
  [
    'sample-holiday-gift-cards',
    {
      title: 'Holiday Gift Card Giveaway',
      prize: '$250 Kwik Fill gift card',
      prize_value_cents: 25_000,
      winners_count: 2,
      starts_on: chainDay(now - 360 * DAY),
      ends_on: chainDay(now - 330 * DAY),
      draw_on: chainDay(now - 327 * DAY),
      // The winners agreed to have their names published in full.
      show_full_last_name: 1,
    },
    10,
  ],
];

export const seedGiveaway: Seeder = async ({ db, now }) => {
  const deps = { db, now: () => now };
  for (const [id, values, entrants] of promotionsFor(now)) {
    if (await findPromotion(deps, id)) continue;
    const promotion = await createPromotion(deps, values, id);
    if (entrants === 0) continue;
    const start = Date.parse(`${values.starts_on}T17:00:00Z`);
    for (const [index, [first, last, city, state, zip]] of SAMPLE_PEOPLE.slice(0, entrants).entries()) {
      const email = `${first}.${last}@example.com`.toLowerCase();
      const entry = {
        first_name: first,
        last_name: last,
        address_1: `${100 + index} Main St`,
        city,
        state,
        zip,
      };
      const phone = `81455501${String(index).padStart(2, '0')}`;
      const entryId = `${id}-entry-${String(index + 1).padStart(2, '0')}`;
      await insertEntry(db, id, { ...entry, phone, email }, start + index * DAY, entryId);
    }
    const { draw, seed, entries } = await commitDraw(deps, {
      promotion,
      day: null,
      winners: promotion.winners_count,
    });
    await completeDraw(deps, promotion, draw, seed, entries);
    // The sample winners have confirmed their prizes, so Previous Winners shows them.
    await db
      .updateTable('winners')
      .set({ confirmed_at: now, confirm_token_hash: null })
      .where('draw_id', '=', draw.id)
      .execute();
  }
};
