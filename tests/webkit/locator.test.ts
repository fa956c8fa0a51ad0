// The store locator in WebKit (product.md 2.9, 5.5) on the seeded sample stores: a search on Enter
// that the address and the back button keep, a store's detail dialog, and a store page with its map.
// The Playwright spec: tests/e2e/locator.spec.ts.
import { expect, test } from 'vitest';
import { LOCATOR_JOURNEY as JOURNEY } from '../support/journeys.ts';
import {
  type Browser,
  baseURL,
  click,
  clickAt,
  expectNoAxeViolations,
  expectPath,
  fill,
  goto,
  hydrated,
  isShown,
  pageText,
  press,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

const STORE_LINKS = '.locator__results h3 a';
const storeLinks = () => shownTexts(browser, STORE_LINKS);
const searchBox = () => browser.$('#store-search');
const dialog = () => browser.$('dialog');

async function open() {
  await goto(browser, '/stores');
  await hydrated(browser);
  await expect
    .poll(() => shownTexts(browser, '.locator__count'))
    .toEqual([expect.stringMatching(/^(The \d+ nearest of \d+ stores|\d+ stores?)$/)]);
}

async function search(text: string) {
  await fill(browser, searchBox(), text);
  await press(browser, 'Enter');
}

test('by city, on Enter; the address keeps it and the back button returns', async () => {
  await open();
  await search(JOURNEY.first.query);
  await expect.poll(storeLinks).toEqual([JOURNEY.first.store]);
  await expectPath(browser, new RegExp(`\\?q=${JOURNEY.first.query}$`));
  await search(JOURNEY.second.query);
  await expect.poll(() => storeLinks().then((links) => links[0])).toBe(JOURNEY.second.store);
  await browser.back();
  await expect.poll(storeLinks).toEqual([JOURNEY.first.store]);
  expect(await searchBox().getValue()).toBe(JOURNEY.first.query);
  await expectNoAxeViolations(browser);
});

test('the store detail: sections, buttons, focus kept inside; closed by its button, outside click, Escape', async () => {
  await open();
  await search(JOURNEY.first.query);
  await expect.poll(storeLinks).toEqual([JOURNEY.first.store]);
  const link = browser.$(STORE_LINKS);
  await click(browser, link);
  await expect.poll(() => shownTexts(browser, 'dialog h2')).toEqual([JOURNEY.first.number]);
  expect(await shownTexts(browser, 'dialog h3')).toEqual(
    expect.arrayContaining(['Address', 'Contact', 'Features', 'Current Prices']),
  );
  const text = await dialog().getText();
  expect(text).toContain(JOURNEY.first.address);
  expect(text).toMatch(/\d{3} \d{3}-\d{4}/);
  const directions = dialog().$('a=Get Directions');
  expect(await directions.getAttribute('target')).toBe('_blank');
  expect(await directions.getAttribute('href')).toMatch(/destination=.*Jamestown.*NY.*14701/);
  expect(await dialog().$('a=Call Store').getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
  await expectNoAxeViolations(browser);

  for (let i = 0; i < 8; i++) {
    await press(browser, 'Tab');
    expect(await browser.execute(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  }
  await click(browser, dialog().$('button[aria-label="Close"]'));
  await expect.poll(() => isShown(browser, 'dialog')).toBe(false);
  await expect.poll(() => link.isFocused()).toBe(true);

  await click(browser, link);
  await expect.poll(() => isShown(browser, 'dialog')).toBe(true);
  await clickAt(browser, 5, 400); // the backdrop, outside the box
  await expect.poll(() => isShown(browser, 'dialog')).toBe(false);

  await click(browser, link);
  await expect.poll(() => isShown(browser, 'dialog')).toBe(true);
  await press(browser, 'Escape');
  await expect.poll(() => isShown(browser, 'dialog')).toBe(false);
  await expect.poll(() => link.isFocused()).toBe(true);
});

test('a store page: open status, prices with their time, directions, the map, GasStation JSON-LD', async () => {
  await goto(browser, JOURNEY.page.path);
  await expect.poll(() => shownTexts(browser, 'h1')).toEqual([JOURNEY.page.heading]);
  await expect.poll(() => pageText(browser)).toContain('Open now'); // store #1 is open 24 hours
  await expect.poll(() => pageText(browser)).toMatch(/Gas: \$3\.\d{3}, as of /);
  expect(await browser.$('a=Get Directions').getAttribute('target')).toBe('_blank');
  const json = JSON.parse(
    (await browser.$('script[type="application/ld+json"]').getProperty('textContent')) as string,
  );
  expect(json).toMatchObject({
    '@type': 'GasStation',
    address: { addressLocality: 'Warren', addressRegion: 'PA', postalCode: '16365' },
    geo: { '@type': 'GeoCoordinates' },
  });
  expect(json.openingHoursSpecification).toHaveLength(7);
  // The map draws (WebGL2 under Xvfb's software GL), not only the list.
  await expect.poll(() => browser.$$('[aria-label="Map of stores"] [data-loaded="true"]').length).toBe(1);
  await expectNoAxeViolations(browser);
  expect((await fetch(new URL('/stores/99999', baseURL()))).status).toBe(404);
});
