import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { CDN_HEADERS } from '../../lib/cache-policy.ts';
import { LIMITS } from '../../server/rate-limit.ts';
import { SAMPLE_STORE_COUNT } from './locator.sample.ts';
import { seedStores } from './locator.seed.ts';
import { FEATURES } from './locator.ts';
import { FINGERPRINT_REUSE_MS } from './store-list.server.ts';
import { findStore } from './store-rows.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedStores({ db: t.db, now: t.now() });
});
afterAll(() => t.close());

describe('GET /store', () => {
  test('answers items in product.md shape: data with the s* fields beside features and prices', async () => {
    const answer = await t.call('GET', '/store?size=1000');
    expect(answer.status).toBe(200);
    expect(answer.json.items).toHaveLength(SAMPLE_STORE_COUNT);
    const first = answer.json.items[0];
    expect(Object.keys(first.data).sort()).toEqual(
      ['sAddr1', 'sAddr2', 'sCity', 'sId', 'sLat', 'sLon', 'sPhone', 'sState', 'sStoreNumber', 'sZip'].sort(),
    );
    expect(first.data).toMatchObject({ sStoreNumber: '1', sCity: 'Warren', sState: 'PA', sZip: '16365' });
    expect(typeof first.data.sLat).toBe('string');
    expect(Number(first.data.sLat)).toBeCloseTo(41.84, 1);
    expect(first.gas_price).toMatch(/^3\.\d{3}$/);
    expect(first.gas_price_at).toBe(t.now());
    expect(Array.isArray(first.features)).toBe(true);
    expect(first.sample).toBe(true);
  });

  test('sample stores cover every filter, in PA, NY and OH, some with the cafe under its older label', async () => {
    const { items } = (await t.call('GET', '/store?size=1000')).json;
    const labels = new Set(items.flatMap((s: { features: string[] }) => s.features));
    for (const feature of FEATURES.filter((f) => f !== 'Bradley St. Cafe')) expect(labels).toContain(feature);
    expect(labels).toContain('Bradley St. Coffee');
    expect(new Set(items.map((s: { data: { sState: string } }) => s.data.sState))).toEqual(
      new Set(['PA', 'NY', 'OH']),
    );
  });

  test('an ETag lets a repeat visit cost a 304, and a price change makes a new tag', async () => {
    const first = await t.call('GET', '/store?size=1000');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const again = await t.call('GET', '/store?size=1000', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.json).toBeUndefined();
    // As the price command writes it: the price, its time and the row's update time.
    const now = Date.now();
    await t.db
      .updateTable('stores')
      .set({ gas_price: '2.999', gas_price_at: now, updated_at: now })
      .where('store_number', '=', '1')
      .execute();
    // The table is looked at again once a second at most (store-list.server.ts): still the old tag.
    const soon = await t.call('GET', '/store?size=1000', { headers: { 'If-None-Match': etag } });
    expect(soon.status).toBe(304);
    t.advance(FINGERPRINT_REUSE_MS);
    const changed = await t.call('GET', '/store?size=1000', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.json.items[0].gas_price).toBe('2.999');
  });

  test('the list is sent compressed to a client that accepts it (br first), and plain to one that does not', async () => {
    const ask = (encoding?: string) =>
      t.app.request(
        '/api/v1/store?size=1000',
        { headers: { 'X-API-Key': DEFAULT_API_KEY, ...(encoding ? { 'Accept-Encoding': encoding } : {}) } },
        { clientAddress: '203.0.113.7' },
      );
    const plain = await ask();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const zipped = await ask('gzip, deflate');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(text);
    const brotli = await ask('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(text);
    expect((await ask('br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    // Made once: the same bytes again, also after another visitor's request.
    expect(Buffer.from(await (await ask('gzip')).arrayBuffer())).toEqual(bytes);
  });

  test('size and page are checked', async () => {
    expect((await t.call('GET', '/store?size=2')).json.items).toHaveLength(2);
    expect((await t.call('GET', '/store?size=2&page=1')).json.items[0].data.sStoreNumber).toBe('3');
    for (const bad of ['size=0', 'size=1001', 'size=abc', 'page=-1']) {
      const answer = await t.call('GET', `/store?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error.code).toBe('invalid_input');
    }
  });

  test('one store by number, 404 for an unknown one', async () => {
    expect((await t.call('GET', '/store/2')).json.data.sStoreNumber).toBe('2');
    const missing = await t.call('GET', '/store/99999');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('store_not_found');
  });
});

describe('findStore (the API and the store pages)', () => {
  test('finds a store by number, and none for a number with a NUL (PostgreSQL cannot look it up)', async () => {
    expect((await findStore(t.db, '1'))?.data.sStoreNumber).toBe('1');
    expect(await findStore(t.db, '1\u0000')).toBeUndefined();
    expect(await findStore(t.db, '\u0000.html')).toBeUndefined();
  });
});

describe('GET /geocode (local gazetteer)', () => {
  const location = (answer: {
    json: { results: { geometry: { location: { lat: number; lng: number } } }[] };
  }) => answer.json.results[0]?.geometry.location;

  test('a town, a town with its state, and a ZIP', async () => {
    const town = await t.call('GET', '/geocode?address=Scranton');
    expect(town.status).toBe(200);
    expect(town.json.status).toBe('OK');
    expect(location(town)?.lat).toBeCloseTo(41.4, 0);
    expect(location(town)?.lng).toBeCloseTo(-75.65, 0);
    const withState = await t.call('GET', `/geocode?address=${encodeURIComponent('warren, oh')}`);
    expect(withState.json.results[0].formatted_address).toBe('Warren, OH, USA');
    const zip = await t.call('GET', '/geocode?address=16365');
    expect(zip.json.results[0].formatted_address).toBe('Warren, PA 16365, USA');
    expect(location(zip)).toEqual({ lat: 41.8436, lng: -79.1726 });
  });

  test('latlng finds the nearest place', async () => {
    const answer = await t.call('GET', '/geocode?latlng=41.85,-79.17');
    expect(answer.json.status).toBe('OK');
    expect(answer.json.results[0].formatted_address).toContain('Warren, PA');
  });

  test('an unknown place is ZERO_RESULTS with a message', async () => {
    const answer = await t.call('GET', '/geocode?address=Nowheresville%20Xyz');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'ZERO_RESULTS', results: [] });
    expect(answer.json.error_message).toBeTruthy();
  });

  test.each(['', '?address=', '?latlng=', '?latlng=abc', '?latlng=91,0'])(
    'missing or bad input %s is a 400',
    async (query) => {
      const answer = await t.call('GET', `/geocode${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json.status).toBe('INVALID_REQUEST');
      expect(answer.json.error.code).toBe('invalid_input');
    },
  );
});

describe('GET /geocode with an external geocoder', () => {
  let ext: TestApi;
  beforeAll(async () => {
    ext = await createTestApi({
      geocoderUrl: 'https://geocoder.test/json',
      geocoderKey: 'k1',
      trustProxy: 1,
    });
  });
  afterAll(() => ext.close());

  test('asks it, with the key and language en, and passes its answer on', async () => {
    let asked = '';
    ext.mockFetch(async (url) => {
      asked = String(url);
      return Response.json({ status: 'OK', results: [{ geometry: { location: { lat: 1, lng: 2 } } }] });
    });
    const answer = await ext.call('GET', '/geocode?address=Warren');
    expect(answer.json.results[0].geometry.location).toEqual({ lat: 1, lng: 2 });
    expect(asked).toContain('address=warren'); // the normal form (geocode.ts normalAddress)
    expect(asked).toContain('key=k1');
    expect(asked).toContain('language=en');
  });

  test('falls back to the gazetteer when it cannot be reached, and no cache keeps that answer', async () => {
    ext.mockFetch(async () => {
      throw new Error('offline');
    });
    const answer = await ext.call('GET', '/geocode?address=16365');
    expect(answer.json.status).toBe('OK');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('cdn-cache-control')).toBeNull();
  });

  test.each([
    [
      'a 429 with its JSON',
      () => Response.json({ status: 'OVER_QUERY_LIMIT', results: [] }, { status: 429 }),
    ],
    ['a 500 with its JSON', () => Response.json({ status: 'UNKNOWN_ERROR', results: [] }, { status: 500 })],
    ['a 200 saying it failed', () => Response.json({ status: 'REQUEST_DENIED', results: [] })],
    ['a body that is not its shape', () => new Response('<html>busy</html>')],
  ])(
    'an upstream failure (%s) is never passed on: a 503 no cache keeps, with Retry-After',
    async (_, fail) => {
      ext.mockFetch(async () => fail());
      // A place the gazetteer does not know: nothing can stand in.
      const answer = await ext.call('GET', '/geocode?address=nowheresville%20xyz');
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({ status: 'UNKNOWN_ERROR', error: { code: 'geocoder_unavailable' } });
      expect(answer.headers.get('retry-after')).toBe('60');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      for (const name of CDN_HEADERS) expect(answer.headers.get(name), name).toBeNull();
    },
  );

  test('asks in the normal form; only the normal form of a question is kept by a CDN', async () => {
    const asked: string[] = [];
    ext.mockFetch(async (url) => {
      asked.push(new URL(String(url)).searchParams.get('address') ?? '');
      return Response.json({ status: 'OK', results: [{ geometry: { location: { lat: 1, lng: 2 } } }] });
    });
    const odd = await ext.call('GET', `/geocode?address=${encodeURIComponent('  WARREN ,PA. ')}`);
    const normal = await ext.call('GET', `/geocode?address=${encodeURIComponent('warren, pa')}`);
    expect(asked).toEqual(['warren, pa', 'warren, pa']);
    expect(odd.headers.get('cache-control')).toBe('private, no-store');
    expect(odd.headers.get('cdn-cache-control')).toBeNull();
    expect(normal.headers.get('cdn-cache-control')).toMatch(/^public, max-age=86400,/);
  });

  test('has a loose ceiling per network address: over it, a 429 in the geocode shape, not kept', async () => {
    ext.mockFetch(async () => Response.json({ status: 'ZERO_RESULTS', results: [] }));
    const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < LIMITS.geocodePerIp.limit; i++)
      expect((await ext.call('GET', `/geocode?address=${i}`, from('203.0.113.9'))).status).toBe(200);
    const over = await ext.call('GET', '/geocode?address=warren', from('203.0.113.9'));
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ status: 'OVER_QUERY_LIMIT', error: { code: 'rate_limited' } });
    expect(over.headers.get('cache-control')).toBe('private, no-store');
    expect((await ext.call('GET', '/geocode?address=warren', from('203.0.113.10'))).status).toBe(200);
  });
});
