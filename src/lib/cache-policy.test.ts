// The caching rules of pages and files (the API's: src/server/api-caching.test.ts); the table they
// follow: docs/caching.md.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASSET_CACHE,
  fileCacheHeaders,
  isPersonal,
  PERSONAL_CACHE,
  PRICES_TTL,
  pageCacheHeaders,
  REDIRECT_CACHE,
  SHARED_ACCOUNT_PAGES,
  STATIC_PAGE_CACHE_CONTROL,
  secondsToNextDay,
} from './cache-policy.ts';

describe('files of the build', () => {
  it("are never kept on the account screens, a winner's link and the application form page, in each form of their path", () => {
    for (const path of [
      '/account',
      '/account/',
      '/account/index.html',
      '/account/login',
      '/account/login/index.html',
      '/account/reset-password',
      '/account/confirm-email/',
      // The winner's secret token is in the query: a shared cache would keep the page under it.
      '/giveaway/confirm',
      '/giveaway/confirm/',
      '/giveaway/confirm/index.html',
      '/fleet-fueling.html',
    ]) {
      expect(isPersonal(path), path).toBe(true);
      expect(fileCacheHeaders(path), path).toEqual({ 'Cache-Control': PERSONAL_CACHE });
    }
  });

  it('share the account pages that are the same for everyone (Previous Winners, the guest entry form); every other account screen is personal', () => {
    for (const path of ['/account/winners', '/account/winners/', '/account/giveaway/index.html']) {
      expect(isPersonal(path), path).toBe(false);
      expect(fileCacheHeaders(path)['Surrogate-Key'], path).toBe('pages');
    }
    // Every account screen in src/pages/account, so a new one cannot be forgotten.
    const screens = readdirSync(new URL('../pages/account/', import.meta.url))
      .filter((name) => name.endsWith('.astro') && !name.startsWith('['))
      .map((name) => (name === 'index.astro' ? '/account' : `/account/${name.replace(/\.astro$/, '')}`));
    expect(screens.length).toBeGreaterThan(5);
    for (const path of screens) {
      expect(isPersonal(path), path).toBe(!SHARED_ACCOUNT_PAGES.includes(path));
    }
  });

  it('are revalidated by the browser and kept by a CDN until the deploy purges `pages`; hashed assets for a year', () => {
    for (const path of [
      '/',
      '/accounts',
      '/news/',
      '/fleet-fueling',
      '/charge-card',
      '/stores/basemap.json',
    ]) {
      expect(fileCacheHeaders(path), path).toEqual({
        'Cache-Control': STATIC_PAGE_CACHE_CONTROL,
        'CDN-Cache-Control': 'public, max-age=31536000, stale-while-revalidate=30, stale-if-error=3600',
        'Netlify-CDN-Cache-Control':
          'public, durable, max-age=31536000, stale-while-revalidate=30, stale-if-error=3600',
        'Surrogate-Control': 'max-age=31536000, stale-while-revalidate=30, stale-if-error=3600',
        'Surrogate-Key': 'pages',
        'Cache-Tag': 'pages',
        'Netlify-Cache-Tag': 'pages',
      });
    }
    expect(fileCacheHeaders('/_astro/app.Ab12.js')).toEqual({ 'Cache-Control': ASSET_CACHE });
  });
});

describe('pages rendered on request', () => {
  const shared = (path: string) => pageCacheHeaders(path, 200);

  it('share the locator and the store pages (no prices in them) for a day, tagged stores and pages, in every CDN header', () => {
    for (const path of ['/stores', '/stores/', '/stores/12']) {
      expect(shared(path), path).toEqual({
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'CDN-Cache-Control': 'public, max-age=86400, stale-while-revalidate=30, stale-if-error=3600',
        'Netlify-CDN-Cache-Control':
          'public, durable, max-age=86400, stale-while-revalidate=30, stale-if-error=3600',
        'Surrogate-Control': 'max-age=86400, stale-while-revalidate=30, stale-if-error=3600',
        'Surrogate-Key': 'stores pages',
        'Cache-Tag': 'stores,pages',
        'Netlify-Cache-Tag': 'stores,pages',
      });
    }
    expect(shared('/sitemap-stores.xml')['Cache-Tag']).toBe('stores');
    // The no-script page of a store's prices is a price: kept as the prices answer, purged with it.
    expect(shared('/stores/12/prices')).toMatchObject({
      'CDN-Cache-Control': `public, max-age=${PRICES_TTL}, stale-while-revalidate=30, stale-if-error=3600`,
      'Cache-Tag': 'prices,pages',
    });
  });

  it('keep what runs by the chain day (offers, promotions) until its next midnight', () => {
    // 2026-06-01 20:00 in New York (EDT): four hours to midnight.
    const evening = Date.UTC(2026, 5, 2, 0, 0, 0);
    expect(secondsToNextDay(evening)).toBe(4 * 3600);
    expect(pageCacheHeaders('/specials', 200, evening)['CDN-Cache-Control']).toMatch(
      /^public, max-age=14400,/,
    );
    expect(pageCacheHeaders('/specials', 200, evening)['Surrogate-Control']).toMatch(/^max-age=14400,/);
    // A minute before midnight: never under a minute.
    expect(secondsToNextDay(Date.UTC(2026, 5, 2, 3, 59, 30))).toBe(60);
  });

  it('tag the offers, the rules pages and the frames with what they show', () => {
    expect(shared('/specials')['Cache-Tag']).toBe('offers,pages');
    expect(shared('/giveaway/rules')['Cache-Tag']).toBe('promotions,pages');
    expect(shared('/giveaway/rules/spring-2026')['Surrogate-Key']).toBe('promotions pages');
    expect(shared('/frame/charge-card')['Cache-Tag']).toBe('pages');
  });

  it('keep the application frames out of the browser (a typed Social Security number), shared at the CDN only', () => {
    expect(shared('/frame/fleet-fueling/')).toMatchObject({
      'Cache-Control': 'no-store',
      'CDN-Cache-Control': expect.stringMatching(/^public, max-age=31536000,/),
    });
  });

  it('are private and never shared on the account screens', () => {
    for (const path of ['/account', '/account/entries', '/account/vip/']) {
      expect(shared(path), path).toEqual({ 'Cache-Control': PERSONAL_CACHE });
    }
  });

  it('never keep an error, and leave a redirect its own', () => {
    for (const status of [400, 404, 500, 503]) {
      for (const path of ['/stores/999', '/specials', '/news', '/account/x']) {
        expect(pageCacheHeaders(path, status), `${status} ${path}`).toEqual({ 'Cache-Control': 'no-store' });
      }
    }
    // A redirect keeps its own caching; one that sets none gets REDIRECT_CACHE (docs/caching.md).
    expect(pageCacheHeaders('/fleet-fueling', 302)).toEqual({ 'Cache-Control': REDIRECT_CACHE });
    expect(pageCacheHeaders('/giveaway/rules', 302)).toEqual({ 'Cache-Control': REDIRECT_CACHE });
    expect(pageCacheHeaders('/news', 301)).toEqual({ 'Cache-Control': REDIRECT_CACHE });
    // A winner's link with a slash: its 301 carries the token in the query, so it stays personal.
    expect(pageCacheHeaders('/giveaway/confirm', 301)).toEqual({ 'Cache-Control': PERSONAL_CACHE });
    // The API's answers through Astro's endpoint (Netlify, astro dev) keep the API's own caching.
    expect(pageCacheHeaders('/api/v1/me', 401)).toEqual({});
    expect(pageCacheHeaders('/api/v1/store', 200)).toEqual({});
    expect(pageCacheHeaders('/stores', 304)['Cache-Tag']).toBe('stores,pages');
  });

  it('revalidate any other page in the browser, without the CDN sharing it', () => {
    expect(shared('/storesx')).toEqual({ 'Cache-Control': STATIC_PAGE_CACHE_CONTROL });
    expect(shared('/unknown-on-demand')).toEqual({ 'Cache-Control': STATIC_PAGE_CACHE_CONTROL });
  });
});
