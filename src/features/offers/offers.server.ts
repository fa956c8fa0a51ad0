// GET /offers (product.md 7, docs/architecture.md "The API"): the offers running today, in display order, answered as
// `{ success, items }` like the hosted data service the original read.

import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import type { Database } from '../../server/db/schema.ts';
import type { AppEnv } from '../../server/deps.ts';
import type { Offer, OfferCategory } from './offers.ts';

/** Offers whose first day is today or earlier and whose last day is today or later (store time). */
export async function offersRunning(db: Kysely<Database>, now: number): Promise<Offer[]> {
  const today = chainDay(now);
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'image', 'price', 'title', 'description', 'category'])
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .orderBy('display_order')
    .orderBy('title')
    .execute();
  return rows.map((row) => ({ ...row, category: row.category as OfferCategory }));
}

export const offersRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, now } = c.var.deps;
  return c.json({ success: true, items: await offersRunning(db, now()) });
});
