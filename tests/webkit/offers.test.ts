// /specials in WebKit (product.md 2.11): the pills with All first and selected, a card per sample offer
// drawn with its image, and each pill filtering in place with the pill in the address. The Playwright
// spec: tests/e2e/offers.spec.ts.
import { expect, test } from 'vitest';
import { SAMPLE_OFFERS } from '../../src/features/offers/offers.sample.ts';
import { OFFER_PILLS, OFFER_SLUGS } from '../support/journeys.ts';
import {
  type Browser,
  click,
  expectNoAxeViolations,
  expectPath,
  goto,
  shownTexts,
  withText,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

const PILLS = '[aria-label="Offer categories"] a';
const titlesOf = (category?: string) =>
  SAMPLE_OFFERS.filter((o) => !category || o.category === category).map((o) => o.title);
const cardTitles = () => shownTexts(browser, 'main li:has(img) :is(h2, h3)');
const pill = async (name: string) => {
  const found = await withText(browser, PILLS, name);
  if (!found) throw new Error(`no pill ${name}`);
  return found;
};

test('header, pills with All first and selected, and a card per offer with its image, price and description', async () => {
  await goto(browser, '/specials');
  await expect.poll(() => shownTexts(browser, 'h1')).toEqual(['In-Store Offers']);
  await expect.poll(() => shownTexts(browser, PILLS)).toEqual(OFFER_PILLS);
  expect(await (await pill('All')).getAttribute('aria-current')).toBe('true');
  await expect.poll(cardTitles).toEqual(titlesOf());
  const [coffee] = SAMPLE_OFFERS as [(typeof SAMPLE_OFFERS)[number]];
  // The sample's first offer is the first card.
  const card = browser.$('main li:has(img)');
  expect(await card.$('h2, h3').getText()).toBe(coffee.title);
  // Drawn, not only laid out.
  await expect.poll(() => card.$('img').getProperty('naturalWidth')).toBeGreaterThan(0);
  expect(await card.$('img').getAttribute('alt')).toBe(coffee.description);
  expect(await card.getText()).toContain(coffee.price);
  await expectNoAxeViolations(browser);
});

test('each pill filters in place and goes into the address; All shows everything again', async () => {
  await goto(browser, '/specials');
  // Marks the document: a full page load would lose it, so it shows the filtering happened in place.
  await browser.execute(() => {
    Object.assign(window, { stillHere: true });
  });
  for (const name of OFFER_PILLS.slice(1)) {
    await click(browser, await pill(name));
    await expectPath(browser, new RegExp(`^/specials\\?category=${OFFER_SLUGS[name]}$`));
    await expect.poll(async () => (await pill(name)).getAttribute('aria-current')).toBe('true');
    await expect.poll(cardTitles).toEqual(titlesOf(name));
  }
  await click(browser, await pill('All'));
  await expectPath(browser, /^\/specials$/);
  await expect.poll(cardTitles).toEqual(titlesOf());
  expect(await browser.execute(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await browser.back();
  await expect.poll(cardTitles).toEqual(titlesOf(OFFER_PILLS.at(-1)));
});
