// The page cache, the data fingerprint and the caching rules agree because each reads the one route
// list (routes.ts, docs/decisions/0022-one-route-registry.md): a route added or changed there changes
// all three, and a page none of them lists is neither kept nor shared.
import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../features/locator/search.ts';
import { isFingerprinted } from '../server/data-fingerprint.ts';
import { cachedPage } from '../server/http/cached-pages.ts';
import { pageRoute } from '../server/http/metrics-routes.ts';
import {
  apiCacheHeaders,
  CACHE_TAGS,
  cacheTags,
  pageCacheHeaders,
  SHARED_API_READS,
} from './cache-policy.ts';
import { DATA_KINDS, isApiRoute, LOCATOR_QUERY, pageRouteOf, ROUTES } from './routes.ts';

/** A path of the route: each `[name]` segment filled in. */
const sample = (path: string) => path.replaceAll(/\[[^\]]+\]/g, '1');
const pages = ROUTES.filter((route) => !isApiRoute(route));

describe('the route list', () => {
  it('names each route once, in one vocabulary of data kinds, every one a cache tag', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES)
      for (const kind of route.shows) expect(DATA_KINDS, route.path).toContain(kind);
    expect(CACHE_TAGS).toEqual([...DATA_KINDS, 'pages']);
  });

  it('gives every page its shared caching, tagged with what it shows (and `pages`, but for an XML file)', () => {
    for (const route of pages) {
      const headers = pageCacheHeaders(sample(route.path), 200, Date.UTC(2026, 4, 1, 12));
      expect(headers['Cache-Tag'], route.path).toBe(cacheTags(route).join(','));
      expect(headers['CDN-Cache-Control'], route.path).toMatch(/^public, max-age=\d+/);
      expect(cacheTags(route), route.path).toEqual(
        route.namesNoAssets ? route.shows : [...route.shows, 'pages'],
      );
      // A trailing slash is the same page.
      expect(pageRouteOf(`${sample(route.path)}/`), route.path).toBe(route);
    }
  });

  it('gives every API read its shared caching, tagged with what it shows; the list is the API reads', () => {
    const reads = ROUTES.filter(isApiRoute);
    expect(Object.keys(SHARED_API_READS)).toEqual(reads.map((route) => route.path));
    for (const route of reads) {
      const headers = apiCacheHeaders('GET', route.path, 200, Date.UTC(2026, 4, 1, 12));
      expect(headers['Cache-Tag'], route.path).toBe(route.shows.join(','));
      expect(pageRouteOf(route.path), route.path).toBeUndefined();
    }
  });

  it('keeps on the Node server exactly the pages marked kept, made again when the tables they show change', () => {
    for (const route of pages) {
      const page = cachedPage(sample(route.path));
      if (!route.kept) {
        expect(page, route.path).toBeUndefined();
        continue;
      }
      expect(page?.route, route.path).toBe(route.path);
      expect(pageRoute(sample(route.path)), route.path).toBe(route.path);
      // Every kind a kept page shows has a fingerprint: a change of it makes the page again.
      expect(page?.data, route.path).toEqual(route.shows);
      for (const kind of route.shows) expect(isFingerprinted(kind), `${route.path}: ${kind}`).toBe(true);
      expect(page?.params, route.path).toEqual(route.kept.params);
    }
  });

  it('keeps and shares no page it does not list', () => {
    for (const path of ['/', '/about', '/news/2026', '/stores/1/prices/x', '/giveaway/rules/a/b', '/frame']) {
      expect(pageRouteOf(path), path).toBeUndefined();
      expect(cachedPage(path), path).toBeUndefined();
      expect(pageCacheHeaders(path)['CDN-Cache-Control'], path).toBeUndefined();
    }
  });

  it('keys the locator by the query parameters the locator writes', () => {
    const query = writeUrlState({ q: 'Warren', filters: ['ATM'] });
    const written = [...new URLSearchParams(query).keys()];
    expect(written.length).toBeGreaterThan(0);
    expect(cachedPage('/stores')?.params).toEqual(expect.arrayContaining(written));
    expect(readUrlState(`?${LOCATOR_QUERY.text}=Erie`).q).toBe('Erie');
  });
});
