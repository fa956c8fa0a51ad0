// The locator's API (docs/api.md): GET /store?size=1000 (SPEC 7) with an ETag so that a repeat
// visit costs a 304, GET /store/{number} for one store's current prices, and GET /geocode.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import * as v from 'valibot';
import type { AppEnv } from '../../server/deps';
import { ApiError } from '../../server/errors';
import { query } from '../../server/validate';
import { geocode } from './geocode.server';
import { STORE_LIST_SIZE } from './locator';
import { countStores, findStore, listStores } from './stores.server';

const listQuery = v.object({
  size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'size must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'size must be at least 1'),
      v.maxValue(STORE_LIST_SIZE, `size must be at most ${STORE_LIST_SIZE}`),
    ),
    String(STORE_LIST_SIZE),
  ),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'page must be a whole number'), v.transform(Number)),
    '0',
  ),
});

const text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max, 'The value is too long.')));
const geocodeQuery = v.object({
  address: text(500),
  latlng: text(60),
  language: text(10),
  region: text(10),
  location_type: text(40),
});

/** Same bytes, same tag; the tag changes with any store, price or hour. */
const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');

export const locatorRoutes = new Hono<AppEnv>()
  // The whole list is about 135 KB of JSON and 13 KB gzipped: a phone on a rural link gets the latter.
  .get('/store', compress(), query(listQuery), async (c) => {
    const { size, page } = c.req.valid('query');
    const { db } = c.var.deps;
    const items = await listStores(db, size, page * size);
    const body = JSON.stringify({ items, total: await countStores(db), page, size });
    const etag = etagOf(body);
    // Public data, revalidated on every use: a price change shows at once, an unchanged list is a 304.
    const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  })
  .get('/store/:number', async (c) => {
    const number = c.req.param('number');
    const store = number.length <= 20 ? await findStore(c.var.deps.db, number) : undefined;
    if (!store) throw new ApiError(404, 'store_not_found', 'There is no store with that number.');
    return c.json(store);
  })
  .get('/geocode', query(geocodeQuery), async (c) => {
    const { status, body } = await geocode(c.var.deps, c.req.valid('query'));
    return c.json(body, status);
  });
