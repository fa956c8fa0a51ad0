import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_GIVEAWAY_TITLE, GIVEAWAY_IMAGE_KEY } from '../../src/features/giveaway/promotion.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { site } from '../../src/site.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expectPlayableOrPoster } from './videos.ts';

const embedOrigin = new URL(site.videoEmbedBase).origin;
const tabNames = ['Fueling Discovery', site.name, 'Gift Card', 'Fleet Fueling'];

/** Answers every request to the video host with a stub player and counts them. */
async function stubVideoHost(page: Page) {
  const requests: string[] = [];
  await page.route(`${embedOrigin}/**`, (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>player</title><p>Player</p>',
    });
  });
  return requests;
}

test.describe('hero and giveaway', () => {
  test('keeps the default title and logs when the promotion API fails', async ({ page }) => {
    const infos: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') infos.push(message.text());
    });
    await page.route('**/api/v1/promotion**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const request = page.waitForRequest('**/api/v1/promotion?active_only=true');
    await page.goto('/');
    expect((await request).headers()['x-api-key']).toBe(DEFAULT_API_KEY);
    await expect.poll(() => infos.some((text) => text.includes('Active promotion not loaded'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEFAULT_GIVEAWAY_TITLE);
    await expect(page.getByRole('link', { name: 'Enter Now' })).toHaveAttribute('href', '/win');
  });

  test('promises no prize when no promotion is running', async ({ page }) => {
    await page.route('**/api/v1/promotion**', (route) => route.fulfill({ json: { items: [] } }));
    const answered = page.waitForResponse('**/api/v1/promotion?active_only=true');
    await page.goto('/');
    await answered;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEFAULT_GIVEAWAY_TITLE);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/free|gas|prize|year/i);
  });

  test('shows the active promotion and caches its image', async ({ page }) => {
    await page.route('**/api/v1/promotion**', (route) =>
      route.fulfill({
        json: {
          items: [
            {
              id: 'p1',
              title: 'Spring',
              hero_text: 'Win a Year of Coffee!',
              image_url: '/media/home/cafe.svg',
              rules_url: '/rules.pdf',
            },
          ],
        },
      }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Win a Year of Coffee!');
    const banner = page.getByRole('link', { name: /Enter the Daily Giveaway/ });
    await expect(banner).toHaveAttribute('href', '/win');
    await expect(banner.locator('img')).toHaveAttribute('src', '/media/home/cafe.svg');
    expect(await page.evaluate((key) => localStorage.getItem(key), GIVEAWAY_IMAGE_KEY)).toBe(
      '/media/home/cafe.svg',
    );
  });

  test('the hero loop plays at 0.75 and can be paused', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('video[data-hero-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.75);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline)).toBe(true);
    await page.getByRole('button', { name: 'Pause background video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible();
  });

  test('with reduced motion the poster stays and no video is downloaded', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/home\/hero\.(webm|mp4)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForLoadState('load');
    const video = page.locator('video[data-hero-video]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(video).toHaveAttribute('poster', /hero-poster\.webp$/);
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible();
    expect(videoRequests).toEqual([]);
  });

  test('on a phone-sized screen the poster stays and no video is downloaded', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/home\/hero\.(webm|mp4)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForLoadState('load');
    const video = page.locator('video[data-hero-video]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible();
    expect(videoRequests).toEqual([]);
  });

  test('on a larger screen the loop is fetched only after the page has loaded', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('video[data-hero-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    const order = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const videoEntry = performance
        .getEntriesByType('resource')
        .find((entry) => /\/media\/home\/hero\.(webm|mp4)/.test(entry.name));
      return { loadStart: navigation?.loadEventStart ?? 0, videoStart: videoEntry?.startTime ?? -1 };
    });
    expect(order.videoStart).toBeGreaterThanOrEqual(order.loadStart);
  });
});

test.describe('video tabs', () => {
  test('select by mouse and keyboard; the player loads only after a click', async ({ page }) => {
    const hostRequests = await stubVideoHost(page);
    await page.goto('/');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(tabNames);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Fueling Discovery');

    await page.getByRole('tab', { name: 'Gift Card' }).click();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Gift Card');

    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(3)).toBeFocused();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Gift Card');

    await page.waitForLoadState('load'); // the looping hero video keeps the network busy: no 'networkidle'
    expect(hostRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('each tab shows a self-hosted clip that plays or its poster and title, never a dead player', async ({
    page,
    request,
  }) => {
    const hostRequests = await stubVideoHost(page);
    await page.goto('/');
    const shown: string[] = [];
    for (const name of tabNames) {
      await page.getByRole('tab', { name }).click();
      shown.push(await expectPlayableOrPoster(page.getByRole('tabpanel', { name }), name, request));
    }
    // The local default has both: the brand's clip (like the hero) and posters until videos are published.
    expect(shown).toContain('clip');
    expect(shown).toContain('poster');
    expect(hostRequests).toEqual([]);
  });

  test('leaving a tab pauses its clip', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: site.name }).click();
    // Located by its element, not its role: a hidden panel leaves the accessibility tree.
    const clip = page.locator(
      `#${await page.getByRole('tabpanel', { name: site.name }).getAttribute('id')} video`,
    );
    await clip.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await page.getByRole('tab', { name: 'Gift Card' }).click();
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  });
});

test('cafe and social links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bradley Street Cafe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'About Bradley Street Cafe' })).toHaveAttribute(
    'href',
    '/bradley-street-cafe',
  );
  await expect(page.getByRole('link', { name: 'Find a Cafe Near You' })).toHaveAttribute(
    'href',
    '/stores?filter=bradleystreetcoffee',
  );
  const social = page.getByRole('region', { name: `Follow ${site.name}` });
  for (const network of site.social) {
    await expect(social.getByRole('link', { name: network.name })).toHaveAttribute('href', network.url);
  }
});

test('ships no framework JavaScript', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('astro-island')).toHaveCount(0);
});

test('axe finds no violations on the home page', async ({ page }) => {
  await stubVideoHost(page);
  await page.goto('/');
  await expectNoAxeViolations(page);
});

test('@phone the hero title and entry button fit a phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Enter Now' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
