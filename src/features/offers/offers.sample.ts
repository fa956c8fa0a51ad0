// Offer data, one source for the seed (src/features/offers/offers.seed.ts), the API tests and the
// browser tests (tests/e2e/offers.spec.ts): the sample offers with their placeholder artwork in
// public/media/offers, and offers written straight to the database.
import type { Kysely } from 'kysely';
import type { Database, OffersTable } from '../../server/db/schema.ts';
import type { OfferCategory } from './offers.ts';

/** The sample offers, in display order. */
export const SAMPLE_OFFERS: {
  id: string;
  title: string;
  description: string;
  price: string;
  image: string;
  category: OfferCategory;
}[] = [
  {
    id: 'sample-coffee',
    title: 'Any Size Coffee',
    description: 'Fresh-brewed Bradley Street coffee in any cup size, hot or iced.',
    price: '$0.99',
    image: '/media/offers/coffee.svg',
    category: 'Bradley Street Cafe',
  },
  {
    id: 'sample-breakfast-sandwich',
    title: 'Breakfast Sandwich Combo',
    description: 'Egg and cheese breakfast sandwich with a medium coffee.',
    price: '$3.99',
    image: '/media/offers/breakfast-sandwich.svg',
    category: 'Bradley Street Cafe',
  },
  {
    id: 'sample-donuts',
    title: 'Donut Half Dozen',
    description: 'Six glazed or frosted donuts, baked fresh every morning.',
    price: '$5.49',
    image: '/media/offers/donuts.svg',
    category: 'Bradley Street Cafe',
  },
  {
    id: 'sample-chicken-box',
    title: '8-Piece Chicken Box',
    description: "Eight pieces of Charlie Biggs' hand-breaded fried chicken.",
    price: '$12.99',
    image: '/media/offers/chicken-box.svg',
    category: "Charlie Biggs' Chicken",
  },
  {
    id: 'sample-tenders',
    title: 'Tender Meal',
    description: 'Four chicken tenders with fries, a roll and a fountain drink.',
    price: '$7.99',
    image: '/media/offers/tenders.svg',
    category: "Charlie Biggs' Chicken",
  },
  {
    id: 'sample-water',
    title: 'Bottled Water 24-Pack',
    description: 'A case of twenty-four 16.9 oz bottles of purified water.',
    price: '2 for $9',
    image: '/media/offers/water.svg',
    category: 'General Merchandise',
  },
  {
    id: 'sample-washer-fluid',
    title: 'Windshield Washer Fluid',
    description: 'One gallon of all-season washer fluid, rated to -20°F.',
    price: '$2.99',
    image: '/media/offers/washer-fluid.svg',
    category: 'General Merchandise',
  },
];

export type OfferRow = Omit<OffersTable, 'display_order'> & { display_order: number };

/** An offer row with every column filled; `overrides` picks the dates, category and so on. */
export const offerRow = (id: string, overrides: Partial<OfferRow> = {}, now = Date.now()): OfferRow => ({
  id,
  title: `Offer ${id}`,
  description: `About ${id}`,
  price: '$1.00',
  image: `/media/offers/${id}.svg`,
  category: 'General Merchandise',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  display_order: 0,
  created_at: now,
  updated_at: now,
  ...overrides,
});

export async function insertOffers(db: Kysely<Database>, rows: OfferRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('offers').values(rows).execute();
}
