// The caching rules of pages and files (the API's: src/server/api-caching.test.ts); the table they
// follow: docs/caching.md.
import { describe, expect, it } from 'vitest';
import {
  ASSET_CACHE,
  fileCacheHeaders,
  isPersonal,
  PAGE_CACHE,
  PERSONAL_CACHE,
  PRICES_TTL,
  pageCacheHeaders,
} from './cache-policy.mjs';

describe('files of the build', () => {
  it('are never kept on the account screens and the application form page, in each form of their path', () => {
    for (const path of [
      '/account',
      '/account/',
      '/account/index.html',
      '/account/login',
      '/account/login/index.html',
      '/fleet-fueling.html',
    ]) {
      expect(isPersonal(path), path).toBe(true);
      expect(fileCacheHeaders(path), path).toEqual({ 'Cache-Control': PERSONAL_CACHE });
    }
  });

  it('are revalidated (pages) or kept for a year (hashed assets), never shared by a CDN on their own', () => {
    for (const path of [
      '/',
      '/accounts',
      '/news/',
      '/fleet-fueling',
      '/charge-card',
      '/stores/basemap.json',
    ]) {
      expect(fileCacheHeaders(path), path).toEqual({ 'Cache-Control': PAGE_CACHE });
    }
    expect(fileCacheHeaders('/_astro/app.Ab12.js')).toEqual({ 'Cache-Control': ASSET_CACHE });
  });
});

describe('pages rendered on request', () => {
  const shared = (path: string) => pageCacheHeaders(path, 200);

  it('share the locator, the store pages and the store sitemap at the CDN for a minute, tagged stores and prices', () => {
    for (const path of ['/stores', '/stores/', '/stores/12', '/sitemap-stores.xml']) {
      expect(shared(path), path).toMatchObject({
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'CDN-Cache-Control': `public, max-age=${PRICES_TTL}, stale-while-revalidate=30, stale-if-error=3600`,
        'Netlify-CDN-Cache-Control': `public, durable, max-age=${PRICES_TTL}, stale-while-revalidate=30, stale-if-error=3600`,
        'Cache-Tag': 'stores,prices',
        'Netlify-Cache-Tag': 'stores,prices',
      });
    }
    expect(PRICES_TTL).toBe(60);
  });

  it('tag the offers, the rules pages and the frames with what they show', () => {
    expect(shared('/specials')['Cache-Tag']).toBe('offers');
    expect(shared('/giveaway/rules')['Cache-Tag']).toBe('promotion');
    expect(shared('/giveaway/rules/spring-2026')['Cache-Tag']).toBe('promotion');
    expect(shared('/frame/charge-card')['Cache-Tag']).toBe('pages');
  });

  it('keep the application frames out of the browser (a typed Social Security number), shared at the CDN only', () => {
    expect(shared('/frame/fleet-fueling/')).toMatchObject({
      'Cache-Control': 'no-store',
      'CDN-Cache-Control': expect.stringMatching(/^public, max-age=3600,/),
    });
  });

  it('are private and never shared on the account screens', () => {
    for (const path of ['/account', '/account/entries', '/account/no-such-screen']) {
      expect(shared(path), path).toEqual({ 'Cache-Control': PERSONAL_CACHE });
    }
  });

  it('never keep an error, and leave a redirect its own', () => {
    for (const status of [400, 404, 500, 503]) {
      for (const path of ['/stores/999', '/specials', '/news', '/account/x']) {
        expect(pageCacheHeaders(path, status), `${status} ${path}`).toEqual({ 'Cache-Control': 'no-store' });
      }
    }
    expect(pageCacheHeaders('/fleet-fueling', 302)).toEqual({});
    // The API's answers through Astro's endpoint (Netlify, astro dev) keep the API's own caching.
    expect(pageCacheHeaders('/api/v1/me', 401)).toEqual({});
    expect(pageCacheHeaders('/api/v1/store', 200)).toEqual({});
    expect(pageCacheHeaders('/stores', 304)['Cache-Tag']).toBe('stores,prices');
  });

  it('revalidate any other page in the browser, without the CDN sharing it', () => {
    expect(shared('/storesx')).toEqual({ 'Cache-Control': PAGE_CACHE });
    expect(shared('/unknown-on-demand')).toEqual({ 'Cache-Control': PAGE_CACHE });
  });
});
