// /specials (product.md 2.11, 4, 8): the header, the pills (All first and selected), the card grid from
// the sample offers, filtering in place with the pill in the address, and the page without JavaScript.
import { expect, type Page, test } from '@playwright/test';
import { SAMPLE_OFFERS } from '../../src/features/offers/offers.sample.ts';
import { OFFER_PILLS, OFFER_SLUGS } from '../support/journeys.ts';
import { expectNoAxeViolations } from './axe.ts';

const PILLS = OFFER_PILLS;
const SLUGS = OFFER_SLUGS;
const pills = (page: Page) => page.getByRole('list', { name: 'Offer categories' }).getByRole('link');
const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('img') });
const titlesOf = (category?: string) =>
  SAMPLE_OFFERS.filter((o) => !category || o.category === category).map((o) => o.title);

async function expectCards(page: Page, category?: string) {
  await expect(cards(page).getByRole('heading')).toHaveText(titlesOf(category));
}

test('header, pills with All first and selected, and a card per offer with image, price, title and description', {
  tag: '@engines',
}, async ({ page }) => {
  await page.goto('/specials');
  await expect(page.getByRole('main').getByText('Stores /')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('In-Store Offers');
  await expect(pills(page)).toHaveText(PILLS);
  await expect(pills(page).first()).toHaveAttribute('aria-current', 'true');
  await expectCards(page);
  const [coffee] = SAMPLE_OFFERS as [(typeof SAMPLE_OFFERS)[number]];
  const card = cards(page).filter({ hasText: coffee.title });
  await expect(card.getByRole('img', { name: coffee.description })).toBeVisible();
  // Drawn, not only laid out: the /media policy (nothing loads in the file itself) leaves <img> alone.
  await expect
    .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(card.getByText(coffee.price, { exact: true })).toBeVisible();
  await expect(card.getByText(coffee.description, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('each pill filters in place and goes into the address; All shows everything again', {
  tag: '@engines',
}, async ({ page }) => {
  await page.goto('/specials');
  // Marks the document: a full page load would lose it, so it shows the filtering happened in place.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  for (const pill of PILLS.slice(1)) {
    await pills(page).filter({ hasText: pill }).click();
    await expect(page).toHaveURL(`/specials?category=${SLUGS[pill]}`);
    await expect(pills(page).filter({ hasText: pill })).toHaveAttribute('aria-current', 'true');
    await expectCards(page, pill);
  }
  await pills(page).first().click();
  await expect(page).toHaveURL('/specials');
  await expectCards(page);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await page.goBack();
  await expectCards(page, "Charlie Biggs' Chicken");
});

test('a pill in the address is selected when the page opens', async ({ page }) => {
  await page.goto('/specials?category=general-merchandise');
  await expect(pills(page).filter({ hasText: 'General Merchandise' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectCards(page, 'General Merchandise');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the grid is in the HTML and each pill still filters, as a link the server answers', async ({
    page,
  }) => {
    await page.goto('/specials');
    await expectCards(page);
    for (const pill of PILLS.slice(1)) {
      await pills(page).filter({ hasText: pill }).click();
      await expect(page).toHaveURL(`/specials?category=${SLUGS[pill]}`);
      await expectCards(page, pill);
    }
  });
});
