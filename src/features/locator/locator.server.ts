// The locator's API (docs/api.md): GET /store?size=1000 (product.md 7) with an ETag so that a repeat
// visit costs a 304, GET /store/{number} for one store's current prices, and GET /geocode.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { accepts } from 'hono/accepts';
import * as v from 'valibot';
import { CDN_HEADERS, PERSONAL_CACHE } from '../../lib/cache-policy.ts';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { hit, LIMITS } from '../../server/rate-limit.ts';
import { clientIp } from '../../server/request.ts';
import { query } from '../../server/validate.ts';
import { GEOCODER_RETRY_SECONDS, geocode } from './geocode.server.ts';
import { normalAddress } from './geocode.ts';
import { STORE_LIST_SIZE } from './locator.ts';
import { encodedList, type ListEncoding, storeList, storePrices } from './store-list.server.ts';
import { findStore } from './store-rows.server.ts';

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

/**
 * br when the client takes it, else gzip, else the plain JSON (q-values honoured: `br;q=0, gzip` is
 * gzip). Browsers name both, in no order of preference; br is the smaller.
 */
const preferred = (c: Context): ListEncoding =>
  accepts(c, {
    header: 'Accept-Encoding',
    supports: ['br', 'gzip', 'identity'],
    default: 'identity',
    match: (accepted) => {
      const taken = (name: string) => accepted.some((a) => (a.type === name || a.type === '*') && a.q > 0);
      return taken('br') ? 'br' : taken('gzip') ? 'gzip' : 'identity';
    },
  }) as ListEncoding;
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');

export const locatorRoutes = new Hono<AppEnv>()
  // The whole list is about 135 KB of JSON, 13 KB compressed: a phone on a rural link gets the
  // latter. Made once per change of the stores (store-list.server.ts).
  .get('/store', query(listQuery), async (c) => {
    const { size, page } = c.req.valid('query');
    const list = await storeList(c.var.deps.db, size, page, c.var.deps.now());
    // Public data, revalidated by the browser on every use (an unchanged list is a 304) and kept a
    // minute at the CDN, purged when stores or prices change (the caching: src/lib/cache-policy.ts).
    const headers = { ETag: list.etag, Vary: 'Accept-Encoding' };
    if (matches(c.req.header('if-none-match'), list.etag)) return c.body(null, 304, headers);
    const encoding = preferred(c);
    const sent: Record<string, string> = { ...headers, 'Content-Type': 'application/json' };
    if (encoding !== 'identity') sent['Content-Encoding'] = encoding;
    return c.body(encodedList(list, encoding), 200, sent);
  })
  // Every store's prices, the one answer the kept store pages and locator read theirs from: kept at
  // the CDN and purged on each price change (docs/decisions/0018-edge-holds-the-day.md).
  .get('/store-prices', async (c) => c.json(await storePrices(c.var.deps.db, c.var.deps.now())))
  .get('/store/:number', async (c) => {
    const number = c.req.param('number');
    const store = number.length <= 20 ? await findStore(c.var.deps.db, number) : undefined;
    if (!store) throw new ApiError(404, 'store_not_found', 'There is no store with that number.');
    return c.json(store);
  })
  .get('/geocode', query(geocodeQuery), async (c) => {
    const { deps } = c.var;
    // A loose ceiling per network address (docs/api.md "Limits"): an external geocoder is paid per
    // question, and the CDN keeps only the normal forms of the questions.
    const ip = clientIp(c);
    if (ip && !(await hit(deps, `geocode-ip:${ip}`, LIMITS.geocodePerIp))) {
      c.header('Retry-After', String(GEOCODER_RETRY_SECONDS));
      const description = ERRORS.rateLimited[2];
      return c.json(
        {
          status: 'OVER_QUERY_LIMIT',
          error_message: description,
          results: [],
          error: { code: ERRORS.rateLimited[1], description },
        },
        429,
      );
    }
    const asked = c.req.valid('query');
    const { status, body, stale } = await geocode(deps, asked);
    if (status === 503) c.header('Retry-After', String(GEOCODER_RETRY_SECONDS));
    // A stand-in made while the geocoder failed, or a question not in its normal form: answered,
    // but kept by no cache, so the CDN holds one answer per place (docs/decisions/0018).
    if (stale || (asked.address !== undefined && asked.address !== normalAddress(asked.address))) {
      for (const name of CDN_HEADERS) c.header(name, undefined);
      c.header('Cache-Control', PERSONAL_CACHE);
    }
    return c.json(body, status);
  });
