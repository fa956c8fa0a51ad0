// The caching of every API route (src/lib/cache-policy.ts, docs/caching.md), route by route from
// the app's own list of routes, so that a new route cannot be forgotten: the public reads are shared
// at the CDN and tagged; every other answer is `private, no-store`; errors are never shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { seeders } from '../features/seeds.ts';
import { CDN_HEADERS, PRICES_TTL, REVALIDATION_HEADERS, SHARED_API_READS } from '../lib/cache-policy.ts';
import { API_BASE } from './app.ts';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  for (const seed of Object.values(seeders)) await seed({ db: t.db, now: t.now() });
  token = (await t.member()).token;
});
afterAll(() => t.close());

/** Every route the app answers (not its middleware), with sample values in its parameters. */
function routes(): { method: string; pattern: string; path: string }[] {
  const seen = new Map<string, { method: string; pattern: string; path: string }>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || route.path.endsWith('*')) continue;
    const path = route.path.replace(':number', '1').replace(/:\w+/g, 'sample');
    seen.set(`${route.method} ${route.path}`, { method: route.method, pattern: route.path, path });
  }
  return [...seen.values()];
}

const expectNoCdnHeaders = (headers: Headers, what: string) => {
  for (const name of CDN_HEADERS) expect(headers.get(name), `${what}: ${name}`).toBeNull();
};

describe('API caching', () => {
  it('lists the public reads among the routes the app answers', () => {
    const gets = new Set(
      routes()
        .filter((r) => r.method === 'GET')
        .map((r) => r.pattern),
    );
    for (const pattern of Object.keys(SHARED_API_READS)) expect(gets, pattern).toContain(pattern);
  });

  it('shares each public read at the CDN with its tags, and the browser revalidates it', async () => {
    const tags: Record<string, string> = {
      '/api/v1/store': 'stores,prices',
      '/api/v1/store/:number': 'stores,prices',
      '/api/v1/store-prices': 'stores,prices',
      '/api/v1/offers': 'offers',
      '/api/v1/promotion': 'promotions',
      '/api/v1/previous-winners': 'winners',
      '/api/v1/geocode': 'geocode',
    };
    const promotion = (await t.call('GET', '/promotion')).json.items[0].id as string;
    for (const pattern of Object.keys(SHARED_API_READS)) {
      const path = pattern
        .slice(API_BASE.length)
        .replace(':number', '1')
        .replace(':id', encodeURIComponent(promotion));
      // A question in its normal form (geocode.ts normalAddress): the only form a CDN keeps.
      const answer = await t.call('GET', pattern.endsWith('geocode') ? `${path}?address=warren, pa` : path);
      expect(answer.status, pattern).toBe(200);
      expect(answer.headers.get('cache-control'), pattern).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers.get('cdn-cache-control'), pattern).toMatch(
        /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
      );
      expect(answer.headers.get('netlify-cdn-cache-control'), pattern).toMatch(
        /^public, durable, max-age=\d+/,
      );
      const tag = tags[pattern] ?? 'promotions';
      expect(answer.headers.get('cache-tag'), pattern).toBe(tag);
      expect(answer.headers.get('netlify-cache-tag'), pattern).toBe(tag);
      expect(answer.headers.get('surrogate-key'), pattern).toBe(tag.replaceAll(',', ' '));
      expect(answer.headers.get('surrogate-control'), pattern).toMatch(
        /^max-age=\d+, stale-while-revalidate=/,
      );
    }
  });

  it("keeps prices at the CDN until purged (an hour at most), and every store's prices in one answer", async () => {
    for (const path of ['/store', '/store/1', '/store-prices']) {
      const answer = await t.call('GET', path);
      expect(answer.headers.get('cdn-cache-control'), path).toMatch(
        new RegExp(`max-age=${PRICES_TTL}, stale-while-revalidate=30,`),
      );
    }
    const { items } = (await t.call('GET', '/store')).json;
    const { prices } = (await t.call('GET', '/store-prices')).json;
    expect(Object.keys(prices)).toHaveLength(items.length);
    expect(prices[items[0].data.sStoreNumber]).toEqual({
      gas_price: items[0].gas_price,
      diesel_price: items[0].diesel_price,
      gas_price_at: items[0].gas_price_at,
      diesel_price_at: items[0].diesel_price_at,
    });
  });

  it('answers every other route, signed in or not, private and no-store, and never tags it', async () => {
    const personal = routes().filter(
      (r) =>
        !(r.method === 'GET' && r.pattern in SHARED_API_READS) &&
        !r.pattern.startsWith(`${API_BASE}/maintenance`),
    );
    expect(personal.length).toBeGreaterThan(15);
    for (const { method, path } of personal) {
      for (const signedIn of [false, true]) {
        const what = `${method} ${path}${signedIn ? ' (signed in)' : ''}`;
        const answer = await t.call(method, path.slice(API_BASE.length), {
          ...(signedIn ? { token } : {}),
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(answer.headers.get('cache-control'), what).toBe('private, no-store');
        expectNoCdnHeaders(answer.headers, what);
      }
    }
  });

  it('answers a signed-in read of the account private and no-store', async () => {
    const answer = await t.call('GET', '/me/profile', { token: (await t.member()).token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('never shares an error of a public read: a missing store, a mistake in the query, no API key', async () => {
    for (const [path, headers] of [
      ['/store/999999', undefined],
      ['/store?size=abc', undefined],
      ['/offers', { 'X-API-Key': 'wrong' }],
    ] as const) {
      const answer = await t.call('GET', path, headers ? { headers } : {});
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('cache-control'), path).toMatch(/no-store/);
      expectNoCdnHeaders(answer.headers, path);
    }
  });

  it('keeps the sharing on a 304 of the store list', async () => {
    const first = await t.call('GET', '/store');
    const etag = first.headers.get('etag') ?? '';
    const again = await t.call('GET', '/store', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // RFC 9110 15.4.5: the 304 carries every cache header its 200 carried.
    for (const name of REVALIDATION_HEADERS)
      expect(again.headers.get(name), name).toBe(first.headers.get(name));
    expect(again.headers.get('cache-tag')).toBe('stores,prices');
  });
});
