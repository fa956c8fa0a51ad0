// Sample offers (with the placeholder artwork in public/media/offers), running from the day they
// are seeded for 90 days. Idempotent: an offer whose id exists is left as it is.

import { chainDay } from '../../lib/dates.ts';
import type { Seeder } from '../../server/db/seed.ts';
import { insertOffers, offerRow, SAMPLE_OFFERS } from './offers.sample.ts';

const DAY = 24 * 60 * 60 * 1000;

export const seedOffers: Seeder = async ({ db, now }) => {
  const existing = new Set((await db.selectFrom('offers').select('id').execute()).map((row) => row.id));
  const starts_on = chainDay(now);
  const ends_on = chainDay(now + 90 * DAY);
  const rows = SAMPLE_OFFERS.map((offer, index) =>
    offerRow(offer.id, { ...offer, starts_on, ends_on, display_order: index + 1 }, now),
  );
  await insertOffers(
    db,
    rows.filter((row) => !existing.has(row.id)),
  );
};
