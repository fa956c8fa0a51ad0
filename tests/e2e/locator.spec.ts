// The store locator (product.md 2.9, 4, 5.5, 8) on the seeded sample stores (src/features/locator/
// locator.seed.ts): #1 Warren PA, #2 Jamestown NY 14701, Westfield in both PA and NY, no store in
// Scranton. Nothing here may reach the internet: the map must draw from the local basemap.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { relabelStoreFeatures } from '../../src/features/locator/locator.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { startBuiltServer } from '../support/built-server.mjs';
import { LOCATOR_JOURNEY } from '../support/journeys.ts';
import { hydrated } from './account-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'City, state or ZIP code' });
const results = (page: Page) => page.getByRole('region', { name: 'Stores near you' });
const storeLinks = (page: Page) => results(page).getByRole('heading', { level: 3 }).getByRole('link');
const modal = (page: Page) => page.getByRole('dialog');

async function open(page: Page, path = '/stores') {
  await page.goto(path);
  await hydrated(page);
  await expect(results(page).getByText(/^(The \d+ nearest of \d+ stores|\d+ stores?)$/)).toBeVisible({
    timeout: 15_000,
  });
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
}

/** How many near-white pixels the map shows on its centre line, from 5% to 40% of its width. */
async function whitePixelsLeftOfCentre(map: Locator): Promise<number> {
  const png = await map.locator('canvas').screenshot();
  return map.page().evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    let white = 0;
    const middle = Math.floor(height / 2);
    for (let y = middle - 6; y <= middle + 6; y++)
      for (let x = Math.floor(width * 0.05); x < width * 0.4; x++) {
        const i = (y * width + x) * 4;
        if ((data[i] ?? 0) > 245 && (data[i + 1] ?? 0) > 245 && (data[i + 2] ?? 0) > 245) white++;
      }
    return white;
  }, png.toString('base64'));
}

/** Every request must stay on our server. */
async function offlineFromInternet(context: BrowserContext) {
  const outside: string[] = [];
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

/** Relabels a store's features in the test server's database (the factory); returns the undo. */
async function relabelStore(storeNumber: string, relabel: (label: string) => string) {
  const handle = openDatabase({
    dataDir: process.env.E2E_DATA_DIR ?? '',
    databaseUrl: process.env.DATABASE_URL,
  });
  const undo = await relabelStoreFeatures(handle.db, storeNumber, relabel);
  return async () => {
    await undo();
    await handle.close();
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the nearest stores are in the HTML, and the search form works', async ({ page }) => {
    await page.goto('/stores');
    await expect(storeLinks(page).first()).toHaveText(/^Store #\d+/);
    await expect(
      results(page)
        .getByText(/^\d+\.\d miles$/)
        .first(),
    ).toBeVisible();
    await expect(storeLinks(page)).toHaveCount(12);
    await searchBox(page).fill('Jamestown');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/stores\?q=Jamestown/);
    await expect(storeLinks(page).first()).toHaveText('Store #2, Jamestown');
  });
});

test.describe('search (product.md 5.5)', () => {
  test('by city, on Enter; the URL keeps it and the back button returns', { tag: '@engines' }, async ({
    page,
  }) => {
    const { first, second } = LOCATOR_JOURNEY;
    await open(page);
    await search(page, first.query);
    await expect(storeLinks(page)).toHaveText([first.store]);
    await expect(page).toHaveURL(new RegExp(`\\?q=${first.query}$`));
    await search(page, second.query);
    await expect(storeLinks(page).first()).toHaveText(second.store);
    await page.goBack();
    await expect(storeLinks(page)).toHaveText([first.store]);
    await expect(searchBox(page)).toHaveValue(first.query);
    await expectNoAxeViolations(page);
  });

  test("by 'city, state' and by ZIP, on blur", async ({ page }) => {
    await open(page);
    await searchBox(page).fill('Westfield');
    await searchBox(page).blur();
    await expect(storeLinks(page)).toHaveCount(2);
    await searchBox(page).fill('westfield, ny');
    await searchBox(page).blur();
    await expect(storeLinks(page)).toHaveCount(1);
    await expect(results(page)).toContainText('Westfield, NY');
    await search(page, '14701');
    await expect(storeLinks(page)).toHaveText(['Store #2, Jamestown']);
  });

  test('a town with no store is geocoded: nearest stores to it, with distances', async ({ page }) => {
    await open(page);
    const before = await storeLinks(page).first().textContent();
    await search(page, 'Scranton');
    await expect(page.getByRole('status')).toHaveText('Stores nearest Scranton.');
    await expect(storeLinks(page).first()).not.toHaveText(before ?? '');
    const first = Number.parseFloat(
      (await results(page)
        .getByText(/miles$/)
        .first()
        .textContent()) ?? '0',
    );
    expect(first).toBeGreaterThan(50);
    await expect(results(page).getByText('The 50 nearest of 300 stores')).toBeVisible();
  });

  test('an unknown place falls back to the map centre', async ({ page }) => {
    await open(page);
    await search(page, 'Qwxyzzy');
    await expect(page.getByRole('status')).toContainText('No place called Qwxyzzy was found');
    await expect(storeLinks(page)).toHaveCount(50);
  });
});

test.describe('filters (product.md 5.5)', () => {
  type Item = { features: string[]; data: { sStoreNumber: string } };
  const storesWith = async (page: Page, ...wanted: string[][]) => {
    const answer = await page.request.get('/api/v1/store?size=1000', {
      headers: { 'X-API-Key': 'kwikfill-public-web' },
    });
    const { items } = (await answer.json()) as { items: Item[] };
    return items.filter((s) => wanted.every((alts) => alts.some((f) => s.features.includes(f)))).length;
  };
  const countText = (n: number) => (n > 50 ? `The 50 nearest of ${n} stores` : `${n} stores`);

  test('collapsible panel; AND logic; the URL keeps them', async ({ page }) => {
    await open(page);
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('checkbox')).toHaveCount(19);
    await page.getByRole('checkbox', { name: 'ATM' }).check();
    await expect(results(page).getByText(countText(await storesWith(page, ['ATM'])))).toBeVisible();
    await page.getByRole('checkbox', { name: 'Diesel' }).check();
    await expect(
      results(page).getByText(countText(await storesWith(page, ['ATM'], ['Diesel']))),
    ).toBeVisible();
    await expect(page).toHaveURL(/\?filter=atm,diesel$/);
    await expectNoAxeViolations(page);
  });

  test('/stores?filter=bradleystreetcoffee preselects the cafe, which also matches Bradley St. Coffee', async ({
    page,
  }) => {
    await open(page, '/stores?filter=bradleystreetcoffee');
    await expect(page.getByRole('checkbox', { name: 'Bradley St. Cafe' })).toBeChecked();
    const cafes = await storesWith(page, ['Bradley St. Cafe', 'Bradley St. Coffee']);
    expect(cafes).toBeGreaterThan(await storesWith(page, ['Bradley St. Cafe']));
    await expect(results(page).getByText(countText(cafes))).toBeVisible();
    // The nearest cafes to the default centre: #28 Ashville's features say 'Bradley St. Coffee', the
    // others 'Bradley St. Cafe'; #1 Warren, nearer than Ashville but without a cafe, is left out.
    await expect(storeLinks(page).first()).toHaveText('Store #12, Russell');
    const nearest = (await storeLinks(page).allTextContents()).slice(0, 5);
    expect(nearest).toEqual([
      'Store #12, Russell',
      'Store #2, Jamestown',
      'Store #28, Ashville',
      'Store #176, Maple Springs',
      'Store #83, Chautauqua',
    ]);
    await expect(storeLinks(page).filter({ hasText: 'Store #1, Warren' })).toHaveCount(0);
    await storeLinks(page).filter({ hasText: 'Store #28, Ashville' }).click();
    await expect(
      modal(page)
        .getByRole('listitem')
        .filter({ hasText: /^Bradley St\. Coffee$/ }),
    ).toBeVisible();
    await modal(page).getByRole('button', { name: 'Close' }).click();

    // Unticking the cafe brings Warren back; ticking it again, as a visitor would, leaves it out again.
    const cafe = page.getByRole('checkbox', { name: 'Bradley St. Cafe' });
    await cafe.uncheck();
    await expect(storeLinks(page).filter({ hasText: 'Store #1, Warren' })).toHaveCount(1);
    await cafe.check();
    await expect(page).toHaveURL(/\?filter=bradleystcafe$/);
    await expect(storeLinks(page).nth(2)).toHaveText('Store #28, Ashville');
    await expect(storeLinks(page).filter({ hasText: 'Store #1, Warren' })).toHaveCount(0);
  });

  test('a feature written in another case still matches its filter', async ({ page }) => {
    // #204 Lakewood, the nearest store with propane, carries its labels in other cases in the
    // database (as a hand-edited or older list might); the filters must still find it.
    const restore = await relabelStore('204', (label) =>
      label === 'Propane' ? 'PROPANE' : label === 'Pay at the Pump' ? 'pay at the pump' : label,
    );
    try {
      await open(page, '/stores?filter=propane');
      await expect(page.getByRole('checkbox', { name: 'Propane' })).toBeChecked();
      await expect(storeLinks(page).first()).toHaveText('Store #204, Lakewood');
      expect((await storeLinks(page).allTextContents()).slice(0, 3)).toEqual([
        'Store #204, Lakewood',
        'Store #33, Youngsville',
        'Store #41, East Randolph',
      ]);
      await page.getByRole('checkbox', { name: 'Pay at the Pump' }).check(); // the panel opens with a filter
      await expect(page).toHaveURL(/\?filter=propane,payatthepump$/);
      await expect(storeLinks(page).first()).toHaveText('Store #204, Lakewood');
      // Youngsville has propane but no pay at the pump (AND logic).
      await expect(storeLinks(page).filter({ hasText: 'Store #33, Youngsville' })).toHaveCount(0);
    } finally {
      await restore();
    }
  });
});

test.describe('store detail modal (product.md 2.9)', () => {
  test('sections, buttons, close button, outside click, Escape, focus returns', { tag: '@engines' }, async ({
    page,
  }) => {
    await open(page);
    await search(page, 'Jamestown');
    const link = storeLinks(page).first();
    await link.click();
    const dialog = modal(page);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Store #2');
    for (const name of ['Address', 'Contact', 'Features', 'Current Prices']) {
      await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText('Jamestown, NY 14701');
    await expect(dialog).toContainText(/^.*\d{3} \d{3}-\d{4}/s);
    const directions = dialog.getByRole('link', { name: 'Get Directions' });
    await expect(directions).toHaveAttribute('target', '_blank');
    await expect(directions).toHaveAttribute('href', /destination=.*Jamestown.*NY.*14701/);
    await expect(dialog.getByRole('link', { name: 'Call Store' })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expectNoAxeViolations(page);

    // Focus stays inside while open.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    await link.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 400); // the backdrop, outside the box
    await expect(dialog).toBeHidden();

    await link.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });
});

test.describe('current location (product.md 4, 8)', () => {
  const useLocation = (page: Page) => page.getByRole('button', { name: 'Use my current location' }).click();
  const alertText = (page: Page) =>
    new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );

  test('granted: the list and map follow the visitor', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 42.0977, longitude: -79.2355 }); // Jamestown, NY
    await open(page);
    await useLocation(page);
    await expect(storeLinks(page).first()).toHaveText('Store #2, Jamestown');
    await expect(
      results(page)
        .getByText(/miles$/)
        .first(),
    ).toHaveText(/^0\.\d miles$/);
    await expect(page.getByRole('img', { name: 'Your location' })).toBeAttached();
  });

  test('denied', async ({ page, context }) => {
    await context.clearPermissions();
    await open(page);
    const message = alertText(page);
    await useLocation(page);
    expect(await message).toBe('Please enable location services to use this feature.');
  });

  for (const [code, text] of [
    [2, 'Location information is unavailable.'],
    [3, 'Location request timed out.'],
    [7, 'An unknown error occurred getting your location.'],
  ] as const) {
    test(`error code ${code}: ${text}`, async ({ page }) => {
      await page.addInitScript((errorCode) => {
        navigator.geolocation.getCurrentPosition = (_ok, fail) =>
          fail?.({ code: errorCode, message: '' } as GeolocationPositionError);
      }, code);
      await open(page);
      const message = alertText(page);
      await useLocation(page);
      expect(await message).toBe(text);
    });
  }

  test('no geolocation support', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined, configurable: true });
    });
    await open(page);
    const message = alertText(page);
    await useLocation(page);
    expect(await message).toBe('Geolocation is not supported by this browser');
  });
});

test.describe('one tap target per store (product.md 2.9)', () => {
  test('a tap anywhere on a store in the list opens its detail; the name stays the only link', async ({
    page,
  }) => {
    await open(page);
    await search(page, 'Jamestown');
    const card = results(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /^Store #2\b/ }) });
    // One interactive element per card: the title's link, named after the store.
    await expect(card.locator('a, button, input, select, textarea, [tabindex]')).toHaveCount(1);
    await expect(card.getByRole('link')).toHaveAccessibleName(/^Store #2\s*, Jamestown$/);
    // Its address, away from the title, answers a tap as the title does. The taps are given relative
    // to the card as it is at the moment of the tap (its prices may still be filling in), and wait
    // until nothing (a closing dialog) lies over it.
    const address = await card.getByText('Jamestown, NY 14701').boundingBox();
    const before = await card.boundingBox();
    if (!address || !before) throw new Error('the card or its address has no box');
    await card.click({
      position: { x: address.x - before.x + address.width / 2, y: address.y - before.y + address.height / 2 },
    });
    await expect(modal(page).getByRole('heading', { level: 2 })).toHaveText('Store #2');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    const box = await card.boundingBox();
    if (!box) throw new Error('the card has no box');
    // Its bottom-right corner too: the stretched link covers the whole card.
    await card.click({ position: { x: box.width - 4, y: box.height - 4 } });
    await expect(modal(page).getByRole('heading', { level: 2 })).toHaveText('Store #2');
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
  });
});

test.describe('map', () => {
  test('draws offline from the local basemap, green markers titled with the number, click centres and opens', async ({
    page,
    context,
  }) => {
    const outside = await offlineFromInternet(context);
    await open(page);
    const map = page.getByRole('region', { name: 'Map of stores' });
    await expect(map.locator('[data-loaded="true"]')).toBeAttached({ timeout: 20_000 });
    const marker = map.getByRole('button', { name: 'Store #2, Jamestown, NY' });
    await expect(marker).toHaveAttribute('title', '2');
    expect(await map.getByRole('button', { name: /^Store #/ }).count()).toBe(300);
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(modal(page).getByRole('heading', { level: 2 })).toHaveText('Store #2');
    expect(outside).toEqual([]);
  });

  test('the offline map adds county lines and town names, loaded from our origin only when it draws', async ({
    page,
    context,
  }) => {
    const outside = await offlineFromInternet(context);
    const loaded: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/(stores\/(counties|towns)\.json|map\/glyphs\/)/.test(pathname) && response.ok())
        loaded.push(pathname);
    });
    await open(page);
    const map = page.getByRole('region', { name: 'Map of stores' });
    await expect(map.locator('[data-loaded="true"]')).toBeAttached({ timeout: 20_000 });
    // Town names need the self-hosted label font: its glyphs come from our origin too.
    await expect
      .poll(() => [...new Set(loaded)].sort())
      .toEqual(['/map/glyphs/local-sans/0-255.pbf', '/stores/counties.json', '/stores/towns.json']);
    const towns = await (await page.request.get('/stores/towns.json')).json();
    const names = towns.features.map((town: { properties: { name: string } }) => town.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Warren', 'Jamestown', 'Erie']));
    const counties = await (await page.request.get('/stores/counties.json')).json();
    expect(counties.geometry.type).toBe('MultiLineString');
    expect(counties.geometry.coordinates.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  test('with a PMTiles extract on our origin, the map reads it by byte ranges and draws its roads', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A server of its own, with the setting (read at run time) pointing at the generated sample extract.
    const server = await startBuiltServer({
      seed: true,
      env: { PUBLIC_MAP_PMTILES_URL: '/tiles/sample.pmtiles' },
    });
    const context = await browser.newContext({ baseURL: server.base });
    try {
      const outside = await offlineFromInternet(context);
      const page = await context.newPage();
      const tileAnswers: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/tiles/sample.pmtiles') tileAnswers.push(response.status());
      });
      await page.goto('/stores');
      const map = page.getByRole('region', { name: 'Map of stores' });
      await expect(map.locator('[data-loaded="true"]')).toBeAttached({ timeout: 20_000 });
      await expect.poll(() => tileAnswers.length).toBeGreaterThan(1);
      expect(tileAnswers.every((status) => status === 206)).toBe(true);
      // The sample's highways cross at the map's centre: zoomed in, the east-west one is a white band
      // (the light flavour's highway colour) across the centre line, left of the centre's markers.
      for (let i = 0; i < 3; i++) await map.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => whitePixelsLeftOfCentre(map), { timeout: 20_000 }).toBeGreaterThan(100);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test.describe('held back on its way', () => {
    // page.route cannot see what /stores's offline worker (public/stores-sw.js) fetches itself, so the
    // worker could bring the map code past the held route on a busy machine (as it did in
    // island-load.spec.ts); Playwright's guide says to block workers where requests are routed.
    test.use({ serviceWorkers: 'block' });

    test('the map code loads only after the page and its list, and never holds the list up', async ({
      page,
    }) => {
      const html = await (await page.request.get('/stores')).text();
      expect(html).not.toMatch(/maplibre|StoreMap/);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/StoreMap[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const asked = page.waitForRequest(/StoreMap[^/]*\.js$/);
      await page.goto('/stores');
      await asked;
      await expect(storeLinks(page)).toHaveCount(50); // the island runs with the full list, map code still held
      const after = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const map = performance.getEntriesByType('resource').find((e) => /StoreMap/.test(e.name));
        return !map || map.startTime >= nav.loadEventStart;
      });
      expect(after).toBe(true);
      release();
      await expect(
        page.getByRole('region', { name: 'Map of stores' }).locator('[data-loaded="true"]'),
      ).toBeAttached({ timeout: 20_000 });
    });
  });
});

test('keyboard: search on blur with Tab, open a store with Enter, Escape returns focus', async ({ page }) => {
  await open(page);
  await searchBox(page).focus();
  await page.keyboard.type('Jamestown');
  await page.keyboard.press('Tab');
  await expect(storeLinks(page)).toHaveText(['Store #2, Jamestown']);
  await storeLinks(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(storeLinks(page).first()).toBeFocused();
});

test('a store page: hours with open status, prices with their time, directions, map, GasStation JSON-LD', {
  tag: '@engines',
}, async ({ page }) => {
  await page.goto(LOCATOR_JOURNEY.page.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOCATOR_JOURNEY.page.heading);
  await expect(page.getByText('Open now')).toBeVisible(); // store #1 is open 24 hours
  await expect(page.getByText(/^Gas: \$3\.\d{3}, as of /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('target', '_blank');
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(json).toMatchObject({
    '@type': 'GasStation',
    address: { addressLocality: 'Warren', addressRegion: 'PA', postalCode: '16365' },
    geo: { '@type': 'GeoCoordinates' },
  });
  expect(json.telephone).toMatch(/^\d{3} \d{3}-\d{4}$/);
  expect(json.openingHoursSpecification).toHaveLength(7);
  await expect(
    page.getByRole('region', { name: 'Map of stores' }).locator('[data-loaded="true"]'),
  ).toBeAttached({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  expect((await page.request.get('/stores/99999')).status()).toBe(404);
});

/** Runs `npm run admin -- stores prices` on a CSV of these rows against the test server's database. */
function importPrices(rows: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'kwikfill-prices-')), 'prices.csv');
  writeFileSync(file, ['store_number,gas_price,diesel_price', ...rows].join('\n'));
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'stores', 'prices', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    stdio: 'pipe',
  });
}

test('a price set with `admin stores prices` shows on the store page and the locator at once; no kept HTML holds a price', async ({
  page,
  request,
}) => {
  test.slow(); // two operator commands, each a process of its own
  // The pages are kept (by this server and a CDN) long after a price changes, so they hold no price:
  // their script reads the one prices answer, which every price change purges (docs/decisions/0018).
  const answer = await request.get('/api/v1/store/2', { headers: { 'x-api-key': DEFAULT_API_KEY } });
  const { gas_price: before } = await answer.json();
  const price = before === '2.999' ? '2.989' : '2.999';
  await request.get('/stores/2'); // rendered, and kept
  const kept = await request.get('/stores/2');
  const etag = kept.headers().etag ?? '';
  expect(etag).toMatch(/^"[\w-]+"$/); // strong, from the content
  const revisit = await request.get('/stores/2', { headers: { 'if-none-match': etag } });
  expect(revisit.status()).toBe(304);
  // A 304 carries the 200's cache headers, CDN ones included (RFC 9110 15.4.5).
  for (const name of [
    'cache-control',
    'cdn-cache-control',
    'surrogate-control',
    'cache-tag',
    'surrogate-key',
  ])
    expect(revisit.headers()[name], name).toBe(kept.headers()[name]);
  expect(await kept.text()).not.toContain(`$${before}`);
  expect((await (await request.get('/stores?q=Jamestown')).text()).replaceAll('<!-- -->', '')).not.toMatch(
    /Gas \$\d/,
  );
  importPrices([`2,${price},`]);
  try {
    // A server reads the stores' fingerprint at most once a second (src/server/data-fingerprint.ts): a
    // visitor who opens the page within that second of the change may still get the old prices, and
    // gets the new ones on the next visit.
    await expect(async () => {
      await page.goto('/stores/2');
      await expect(page.getByText(new RegExp(`^Gas: \\$${price.replace('.', '\\.')}, as of `))).toBeVisible({
        timeout: 3000,
      });
    }).toPass({ timeout: 20_000 });
    // Without JavaScript, the store page links to its prices.
    await expect.poll(async () => (await request.get('/stores/2/prices')).text()).toContain(`Gas: $${price}`);
    await expect(async () => {
      await page.goto('/stores?q=Jamestown');
      await expect(page.getByText(`Gas $${price}`).first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    // Cached bytes are the same for every visitor: the policy allows scripts by hash, never a nonce.
    expect((await request.get('/stores')).headers()['content-security-policy']).not.toContain('nonce-');
  } finally {
    importPrices([`2,${before},`]);
  }
});

test('the sitemap lists every store page beside the content pages', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  expect(index).toContain('/sitemap-stores.xml');
  expect(index).toContain('/sitemap-0.xml');
  const stores = await (await request.get('/sitemap-stores.xml')).text();
  expect(stores.match(/<loc>[^<]+\/stores\/\d+<\/loc>/g)).toHaveLength(300);
});

test('after one visit, /stores opens and searches offline, and says how old the list is', async ({
  page,
  context,
}) => {
  await open(page);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('locator-v1');
          const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return (
            ['/stores', '/api/v1/store', '/stores/basemap.json'].every((p) => keys.includes(p)) &&
            !!navigator.serviceWorker.controller
          );
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(
    page.getByText(/You are offline\. This store list was last updated .+; prices may have changed\./),
  ).toBeVisible();
  await search(page, 'Jamestown');
  await expect(storeLinks(page)).toHaveText(['Store #2, Jamestown']);
  await context.setOffline(false);
  // Nothing outside the locator is cached by it.
  const kept = await page.evaluate(async () =>
    (await (await caches.open('locator-v1')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(kept.filter((p) => !/^\/(stores|_astro\/|api\/v1\/store$|favicon\.svg$)/.test(p))).toEqual([]);
});

test('@phone on a phone the map, below the list, loads once the visitor scrolls towards it', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only');
  const mapCode: string[] = [];
  page.on('request', (request) => {
    if (/StoreMap[^/]*\.js$/.test(request.url())) mapCode.push(request.url());
  });
  for (const path of ['/stores', '/stores/1']) {
    mapCode.length = 0;
    await page.goto(path);
    await hydrated(page);
    // After the load event, a few frames and an idle moment: time enough for the map to be asked for.
    await page.waitForLoadState('load');
    await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestIdleCallback(done, { timeout: 2000 })),
          ),
        ),
    );
    expect(mapCode).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(
      page.getByRole('region', { name: 'Map of stores' }).locator('[data-loaded="true"]'),
    ).toBeAttached({ timeout: 20_000 });
    expect(mapCode.length).toBeGreaterThan(0);
  }
});
