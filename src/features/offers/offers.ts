// In-store offers (product.md 2.11, 3, 4): the three categories of the filter pills, the shape of an
// offer as GET /offers answers it, the rules an imported offer must meet, and the pill filter.
// Shared by the page, its script, the API and the import command.
import * as v from 'valibot';
import { hasControlCharacters } from '../../lib/control-characters.ts';
import { isRealDate } from '../../lib/dates.ts';
import { limitedText, numberOrText, text } from '../../lib/fields.ts';

export const ALL_PILL = 'All';

/** The pills after All, in product.md order; `slug` is the pill's value in the page address (?category=). */
export const OFFER_CATEGORIES = [
  { name: 'Bradley Street Cafe', slug: 'bradley-street-cafe' },
  { name: 'General Merchandise', slug: 'general-merchandise' },
  { name: "Charlie Biggs' Chicken", slug: 'charlie-biggs-chicken' },
] as const;

export type OfferCategory = (typeof OFFER_CATEGORIES)[number]['name'];
export const CATEGORY_NAMES = OFFER_CATEGORIES.map((c) => c.name) as [OfferCategory, ...OfferCategory[]];

/** What GET /offers answers for each offer (product.md 3: image, price, title, description, category). */
export interface Offer {
  id: string;
  image: string;
  price: string;
  title: string;
  description: string;
  category: OfferCategory;
}

export const EMPTY_CATEGORY_MESSAGE = 'There are no offers in this category right now. Check back soon!';
export const NO_OFFERS_MESSAGE = 'There are no in-store offers right now. Check back soon!';

/** The category a `?category=` value names; undefined (the All pill) for none or an unknown one. */
export const categoryFromSlug = (slug: string | null | undefined): OfferCategory | undefined =>
  OFFER_CATEGORIES.find((c) => c.slug === slug)?.name;

export const slugOf = (category: OfferCategory | undefined): string =>
  OFFER_CATEGORIES.find((c) => c.name === category)?.slug ?? '';

/** product.md 4: All shows every offer; otherwise only offers whose category equals the pill. */
export const filterOffers = <T extends { category: string }>(offers: T[], category?: OfferCategory): T[] =>
  category ? offers.filter((offer) => offer.category === category) : offers;

const day = (label: string) =>
  v.pipe(
    text(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`),
    v.check(isRealDate, `${label} is not a real date`),
  );

/** One offer as an operator imports it (CSV row or JSON object). `image` is a file name or a site path. */
export const offerInputSchema = v.pipe(
  v.object({
    id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Id may hold only lowercase letters, digits and dashes'),
      ),
    ),
    title: limitedText('Title', 80),
    description: limitedText('Description', 300),
    price: limitedText('Price', 40),
    // Control characters in a file name or path are a trick (`x.png\0.svg`), not a slip: the row
    // is refused, where the other texts have them dropped.
    image: v.pipe(
      text('Image is required'),
      v.check((image) => !hasControlCharacters(image), 'Image may not hold control characters'),
      v.trim(),
      v.nonEmpty('Image is required'),
      v.maxLength(200, 'Image must be at most 200 characters'),
    ),
    category: v.picklist(CATEGORY_NAMES, `Category must be one of: ${CATEGORY_NAMES.join(', ')}`),
    starts_on: day('Start date'),
    ends_on: day('End date'),
    display_order: v.optional(
      v.pipe(
        numberOrText(/^-?\d+$/, 'Display order must be a whole number'),
        v.integer('Display order must be a whole number'),
      ),
      0,
    ),
  }),
  v.check((offer) => offer.starts_on <= offer.ends_on, 'The end date is before the start date'),
);
export type OfferInput = v.InferOutput<typeof offerInputSchema>;

const isOffer = (item: unknown): item is Offer => {
  const o = item as Record<string, unknown> | null;
  return (
    !!o &&
    ['id', 'image', 'price', 'title', 'description'].every((key) => typeof o[key] === 'string') &&
    CATEGORY_NAMES.includes(o.category as OfferCategory)
  );
};

/**
 * product.md 8: a failed fetch or a false success flag shows nothing and is only logged. Returns the
 * offers, or null (nothing to show, not even an empty-list message) when the answer is unusable.
 */
export function readOffersAnswer(
  answer: unknown,
  log: (message: string) => void = console.error,
): Offer[] | null {
  const body = answer as { success?: unknown; items?: unknown } | null;
  if (body?.success !== true || !Array.isArray(body.items)) {
    log('[offers] the offers answer was not a success; showing none');
    return null;
  }
  return body.items.filter(isOffer);
}
