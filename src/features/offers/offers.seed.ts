// Sample offers (with the placeholder artwork in public/media/offers), running from the day they
// are seeded for 90 days. Idempotent: an offer whose id exists is left as it is.
import type { Seeder } from '../../server/db/seeds/index.ts';
import { type OfferCategory, storeDate } from './offers.ts';

const DAY = 24 * 60 * 60 * 1000;

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

export const seedOffers: Seeder = async ({ db, now }) => {
  const existing = new Set((await db.selectFrom('offers').select('id').execute()).map((row) => row.id));
  const starts_on = storeDate(now);
  const ends_on = storeDate(now + 90 * DAY);
  const missing = SAMPLE_OFFERS.map((offer, index) => ({
    ...offer,
    starts_on,
    ends_on,
    display_order: index + 1,
    created_at: now,
    updated_at: now,
  })).filter((offer) => !existing.has(offer.id));
  if (missing.length > 0) await db.insertInto('offers').values(missing).execute();
};
