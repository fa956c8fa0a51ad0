// The grid as the server renders it: the empty-category text, and nothing at all after a failed load.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import OffersGrid from './OffersGrid.astro';
import { EMPTY_CATEGORY_MESSAGE, NO_OFFERS_MESSAGE, type Offer } from './offers.ts';

const cafe: Offer = {
  id: 'c',
  image: '/media/offers/coffee.svg',
  price: '$0.99',
  title: 'Coffee',
  description: 'Any size',
  category: 'Bradley Street Cafe',
};
const render = async (props: { offers: Offer[] | null; category?: Offer['category'] }) =>
  (await AstroContainer.create()).renderToString(OffersGrid, { props });
/** The text of the empty-list line (its data attributes hold both texts for the script). */
const emptyText = (html: string) => /class="offers__empty"[^>]*>([^<]*)</.exec(html)?.[1]?.trim();

describe('OffersGrid', () => {
  it('says so when the chosen category has no offers, and hides the others', async () => {
    const html = await render({ offers: [cafe], category: 'General Merchandise' });
    expect(emptyText(html)).toBe(EMPTY_CATEGORY_MESSAGE);
    expect(html).toMatch(/<li class="offer"[^>]*hidden/);
  });

  it('shows the offers of the chosen category with no empty text', async () => {
    const html = await render({ offers: [cafe], category: 'Bradley Street Cafe' });
    expect(emptyText(html)).toBe('');
    expect(html).toContain('alt="Any size"');
  });

  it('says there are no offers when none run today', async () => {
    expect(emptyText(await render({ offers: [] }))).toBe(NO_OFFERS_MESSAGE);
  });

  it('after a failed load shows the pills but no grid and no message (product.md 8)', async () => {
    const html = await render({ offers: null });
    expect(html).toContain('Offer categories');
    expect(html).not.toContain('offers__grid');
    expect(emptyText(html)).toBeUndefined();
  });
});
