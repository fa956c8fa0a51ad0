// Content pages (product.md 2.8): every slug at /{slug} and /page/{slug}, the MDX components, the giveaway
// entry buttons, the cafe list, the gift card check, the careers script and the fleet redirect.
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expectPlayableOrPoster } from './videos.ts';

const { name, slug } = site;
const pages: Record<string, string> = {
  'charge-card': `${name} Charge Card`,
  'fleet-fueling-card': 'Fleet Fueling Card',
  'fleet-fueling-plus': 'Fleet Fueling Plus',
  'united-universal-fleet': 'United Universal Fleet',
  'gift-cards-balance': 'Gift Cards',
  rewards: `${name} Rewards`,
  'bradley-street-cafe': 'Bradley Street Cafe',
  'truck-stops': 'Truck Stops',
  charities: 'Charities',
  [`history-of-${slug}`]: `History of ${name}`,
  'history-of-united-refining-company': 'History of United Refining Company',
  'driving-america': 'Driving America',
  'fueling-discovery': 'Fueling Discovery',
  'operation-give-thanks': 'Operation Give Thanks',
  [`${slug}pay`]: `Pay Your ${name} Card`,
  careers: `Careers at ${name}`,
  'privacy-policy': 'Privacy Policy',
  'terms-of-use': 'Terms of Use',
  win: `Win with ${name}`,
  news: 'News',
};

for (const [pageSlug, heading] of Object.entries(pages)) {
  test(`/${pageSlug} and /page/${pageSlug} show "${heading}", accessibly and without framework JS`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(`/${pageSlug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // No React island, and no bundled script that carries React.
    await expect(page.locator('astro-island')).toHaveCount(0);
    for (const url of scripts) {
      expect(url.toLowerCase()).not.toContain('react');
      const body = await (await page.request.get(url)).text();
      expect(body.toLowerCase(), `${url} must not bundle React`).not.toContain('react');
    }
    // Its byte budget (14 KB of HTML and CSS) is checked with every content page's: budgets.spec.ts.

    const aliased = await page.goto(`/page/${pageSlug}`);
    expect(aliased?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  });
}

test.describe('/win', () => {
  test('signed out: the giveaway image, Sign In, Register and Enter as Guest', async ({ page }) => {
    await page.goto('/win');
    const main = page.getByRole('main');
    await expect(main.getByRole('img', { name: /current giveaway/ })).toBeVisible();
    await expect(main.getByRole('link', { name: 'official rules' })).toHaveAttribute(
      'href',
      '/giveaway/rules',
    );
    await expect(main.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      '/account/login',
    );
    await expect(main.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
      'href',
      '/account/register',
    );
    await expect(main.getByRole('link', { name: 'Enter as Guest' })).toHaveAttribute(
      'href',
      '/account/giveaway',
    );
    await expect(main.getByRole('link', { name: 'Enter Giveaway', exact: true })).toBeHidden();
  });

  test('signed in: only Enter Giveaway', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('token', 'test-token');
      localStorage.setItem('user_id', 'u1');
      localStorage.setItem('first_name', 'Dana');
    });
    await page.goto('/win');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Enter Giveaway', exact: true })).toHaveAttribute(
      'href',
      '/account/giveaway',
    );
    for (const label of ['Sign In', 'Register', 'Enter as Guest']) {
      await expect(main.getByRole('link', { name: label, exact: true })).toBeHidden();
    }
  });

  test('entry buttons fit and can be tapped on a phone @phone', async ({ page }) => {
    await page.goto('/win');
    const guest = page.getByRole('main').getByRole('link', { name: 'Enter as Guest' });
    await guest.scrollIntoViewIfNeeded();
    const box = await guest.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  });
});

test('Bradley Street Cafe lists 8 cafe addresses and links to the locator filter', async ({ page }) => {
  await page.goto('/bradley-street-cafe');
  const locations = page.getByRole('region', { name: 'Cafe locations' });
  await expect(locations.getByRole('listitem')).toHaveCount(8);
  await expect(locations.getByRole('listitem').first()).toContainText(/, (PA|NY) \d{5}$/);
  await expect(page.getByRole('link', { name: 'Find a cafe on the map' })).toHaveAttribute(
    'href',
    '/stores?filter=bradleystreetcoffee',
  );
});

test('/fueling-discovery shows its video playable or as a poster with its title, and asks no video host', async ({
  page,
  request,
}) => {
  const host = new URL(site.videoEmbedBase).host;
  const hostRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).host === host) hostRequests.push(request.url());
  });
  await page.goto('/fueling-discovery');
  await expectPlayableOrPoster(page.locator('article .video'), 'Fueling Discovery', request);
  expect(hostRequests).toEqual([]);
});

test('/careers loads no external script when no recruiting assistant is configured', async ({
  page,
  baseURL,
}) => {
  test.skip(Boolean(site.recruitingScriptUrl), 'a recruiting assistant is configured for this build');
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL ?? '') && !url.startsWith('data:')) foreign.push(url);
  });
  await page.goto('/careers');
  await page.waitForLoadState('networkidle');
  const sources = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('src')));
  expect(sources.filter((src) => src && /^(https?:)?\/\//.test(src))).toEqual([]);
  expect(foreign).toEqual([]);
});

test('/fleet-fueling redirects to the static fleet page', async ({ page }) => {
  const first = await page.request.get('/fleet-fueling', { maxRedirects: 0 });
  expect([301, 302]).toContain(first.status());
  expect(first.headers().location).toBe('/fleet-fueling.html');

  await page.goto('/fleet-fueling');
  expect(new URL(page.url()).pathname).toBe('/fleet-fueling.html');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply for a fleet account' })).toHaveAttribute(
    'href',
    '/frame/fleet-fueling',
  );
  await expect(page.getByRole('link', { name: /home/i }).first()).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});
