// @ts-check
// How long each answer may be kept, and by whom: one set of rules for every route, read by the Node
// server (src/server/http/headers.ts, static-files.ts), Astro's on-demand answers on either server
// (src/middleware.ts), the API on either server (src/server/middleware.ts) and Netlify's static
// files (the `_headers` file, through security-headers.mjs). The table of routes and the reasons:
// docs/caching.md; the decision: docs/decisions/0012-cache-policy.md. Purging a tag when its data
// changes: src/server/cdn-purge.ts.

/**
 * What an answer shows, as a cache tag: purging a tag (src/server/cdn-purge.ts) drops every answer
 * tagged with it at the CDN. `pages` is what a deploy changes (every page and file of the build, and
 * the rendered pages, which name the build's assets): a deploy's last step purges it.
 * @typedef {'stores' | 'prices' | 'offers' | 'promotion' | 'winners' | 'geocode' | 'pages'} CacheTag
 */
/** @type {readonly CacheTag[]} */
export const CACHE_TAGS = Object.freeze([
  'stores',
  'prices',
  'offers',
  'promotion',
  'winners',
  'geocode',
  'pages',
]);

/**
 * Seconds a CDN keeps an answer that shows prices (the prices answers, GET /api/v1/store-prices and the
 * store list): it is purged on every price change (`stores prices`, retried through the job queue
 * until the CDN confirms: src/server/cdn-purge.ts), so its lifetime only bounds a purge that never
 * got through. The pages themselves show no price (docs/decisions/0018-edge-holds-the-day.md).
 */
export const PRICES_TTL = 3600;
const DAY = 86_400;
/** Pages that show the store list (no prices): purged by a store import and by a deploy. */
const STORES_TTL = DAY;
/** What only a deploy changes (prebuilt pages and files, the frames): purged as a deploy's last step. */
const DEPLOY_TTL = 365 * DAY;
const GEOCODE_TTL = DAY; // the gazetteer changes with a deploy; an external geocoder rarely
/** A stale answer is sent at once while the CDN fetches a fresh one in the background. */
export const REVALIDATE_WINDOW = 30;
/** While the server fails (5xx, unreachable), the CDN sends its last good answer up to this long. */
export const STALE_IF_ERROR = 3600;
/** The chain's time zone: offers and promotions run by its days (src/lib/dates.ts chainDay). */
const CHAIN_TIME_ZONE = 'America/New_York';

/** Static pages: kept, but asked again each time (a strong ETag of their content, 304). */
export const PAGE_CACHE = 'public, no-cache';
/** Hashed build assets never change under one name. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Answers with a visitor's data, or that depend on who asks: never kept by a browser, proxy or CDN. */
export const PERSONAL_CACHE = 'private, no-store';
/** Errors and the maintenance screen: not kept anywhere, so the next request gets the fixed answer. */
export const ERROR_CACHE = 'no-store';
/** Shared answers, for the browser: it keeps them but asks again each time. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The headers CDNs read and browsers never need, one per CDN family (the table: docs/caching.md):
 * removed from an answer that must not be shared.
 * - CDN-Cache-Control (RFC 9213): Cloudflare, Netlify, Akamai, most CDNs;
 * - Netlify-CDN-Cache-Control: Netlify only (`durable`);
 * - Surrogate-Control: Fastly (and Varnish, Akamai with it turned on); Surrogate-Key: Fastly's tags;
 * - Cache-Tag: Cloudflare's (and Akamai's) tags; Netlify-Cache-Tag: Netlify's.
 */
export const CDN_HEADERS = Object.freeze([
  'CDN-Cache-Control',
  'Netlify-CDN-Cache-Control',
  'Surrogate-Control',
  'Surrogate-Key',
  'Cache-Tag',
  'Netlify-Cache-Tag',
]);

/**
 * What a 304 repeats of its 200 (RFC 9110 15.4.5: the fields a cache would have stored, so a CDN
 * that merges the 304 into its kept answer keeps it as long as the 200 said): the caching, the CDN
 * headers and tags, the validators and Vary. Lower case, as node:http lists them.
 */
export const REVALIDATION_HEADERS = Object.freeze([
  'cache-control',
  ...CDN_HEADERS.map((name) => name.toLowerCase()),
  'etag',
  'vary',
  'expires',
  'last-modified',
  'content-location',
]);

/**
 * The CDN headers of a shared answer kept `ttl` seconds, tagged with what it shows: one place makes
 * the header of every CDN, so they never disagree.
 * @param {number} ttl
 * @param {readonly CacheTag[]} tags
 * @returns {Record<string, string>}
 */
function cdnHeaders(ttl, tags) {
  const windows = `stale-while-revalidate=${REVALIDATE_WINDOW}, stale-if-error=${STALE_IF_ERROR}`;
  const tag = tags.join(',');
  return {
    'CDN-Cache-Control': `public, max-age=${ttl}, ${windows}`,
    'Netlify-CDN-Cache-Control': `public, durable, max-age=${ttl}, ${windows}`,
    'Surrogate-Control': `max-age=${ttl}, ${windows}`,
    'Surrogate-Key': tags.join(' '),
    'Cache-Tag': tag,
    'Netlify-Cache-Tag': tag,
  };
}

/**
 * A shared answer: revalidated by the browser (or not kept at all, for a page a visitor types a Social
 * Security number into), kept `ttl` seconds by a CDN, tagged with what it shows.
 * @param {number} ttl
 * @param {readonly CacheTag[]} tags
 * @param {string} browser
 * @returns {Readonly<Record<string, string>>}
 */
function shared(ttl, tags, browser = REVALIDATE) {
  return Object.freeze({ 'Cache-Control': browser, ...cdnHeaders(ttl, tags) });
}

const dayClock = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAIN_TIME_ZONE,
  hourCycle: 'h23',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
/**
 * Seconds until the chain's next day starts (by New York's clock; on the spring-forward day the
 * answer runs an hour past it): what runs "today" (offers, promotions) changes then by itself.
 */
export function secondsToNextDay(/** @type {number} */ now = Date.now()) {
  const parts = Object.fromEntries(dayClock.formatToParts(now).map((part) => [part.type, part.value]));
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return Math.max(60, DAY - elapsed);
}

/**
 * Answers that change by the chain's day and by an operator's command (purged): kept until midnight.
 * Made once a minute, not per request.
 * @param {readonly CacheTag[]} tags
 */
function untilNextDay(tags) {
  /** @type {{ minute: number, headers: Readonly<Record<string, string>> } | undefined} */
  let made;
  return (/** @type {number} */ now) => {
    const minute = Math.floor(now / 60_000);
    if (made?.minute !== minute) made = { minute, headers: shared(secondsToNextDay(now), tags) };
    return made.headers;
  };
}

const STORES = shared(STORES_TTL, ['stores', 'pages']);
const STORE_DATA = shared(STORES_TTL, ['stores']);
const PRICES = shared(PRICES_TTL, ['stores', 'prices']);
const OFFERS_PAGE = untilNextDay(['offers', 'pages']);
const OFFERS = untilNextDay(['offers']);
const PROMOTION_PAGE = untilNextDay(['promotion', 'pages']);
const PROMOTION = untilNextDay(['promotion']);
const WINNERS = shared(DAY, ['winners']);
const GEOCODE = shared(GEOCODE_TTL, ['geocode']);
// The application forms hold nothing when sent, so a CDN may share them; the browser keeps none (a
// filled form must not come back from the back/forward cache of a shared computer).
const FRAME = shared(DEPLOY_TTL, ['pages'], 'no-store');
/** A file of the build (a prebuilt page, an image): the browser revalidates, the CDN keeps it until the next deploy. */
const STATIC_FILE = shared(DEPLOY_TTL, ['pages'], PAGE_CACHE);

/** An on-demand page no rule names: revalidated by the browser, never shared. */
const STATIC = Object.freeze({ 'Cache-Control': PAGE_CACHE });
const ASSET = Object.freeze({ 'Cache-Control': ASSET_CACHE });
const PERSONAL = Object.freeze({ 'Cache-Control': PERSONAL_CACHE });
const ERROR = Object.freeze({ 'Cache-Control': ERROR_CACHE });
const NONE = Object.freeze({});

/**
 * Pages whose answers carry a visitor's data or what a visitor types into them: the account
 * screens, and the static application form page (Social Security and bank numbers). In Netlify's
 * path syntax, also matched by the Node server (a path, its trailing slash and its index.html).
 */
export const PERSONAL_PATHS = Object.freeze(['/account', '/account/*', '/fleet-fueling.html']);

/**
 * The headers of a rule: fixed, or made for the time of the answer (kept until the chain's next day).
 * @typedef {Readonly<Record<string, string>> | ((now: number) => Readonly<Record<string, string>>)} Rule
 */
const resolve = (/** @type {Rule} */ rule, /** @type {number} */ now) =>
  typeof rule === 'function' ? rule(now) : rule;

/**
 * Pages rendered on request from the database, shared at the CDN, in Netlify's path syntax (`*`:
 * any rest of the path). First match wins. Every page is tagged `pages` too: it names the build's
 * assets, so a deploy's purge of `pages` drops it. The store pages and the locator show no price
 * and no 'Open now' (their script fills both in from the prices answer and the hours: docs/decisions/0018).
 * @type {readonly [string, Rule][]}
 */
export const SHARED_PAGES = Object.freeze([
  ['/stores', STORES],
  // The no-script fallback of a store page's prices: a price, so kept as the prices answer.
  ['/stores/*/prices', shared(PRICES_TTL, ['prices', 'pages'])],
  ['/stores/*', STORES],
  ['/sitemap-stores.xml', STORE_DATA],
  ['/specials', OFFERS_PAGE],
  ['/giveaway/rules', PROMOTION_PAGE],
  ['/giveaway/rules/*', PROMOTION_PAGE],
  ['/frame/*', FRAME],
]);

/**
 * The API's public reads, by Hono route pattern (GET and HEAD only): shared at the CDN. Every other
 * route of the API is PERSONAL_CACHE (sessions, forms, account data), which a test checks against
 * the app's own list of routes. They need the X-API-Key header, a public constant (docs/api.md): a
 * CDN does not vary on it, so a request without it may get a kept answer, which holds only what
 * the same request with the key gets.
 * @type {Readonly<Record<string, Rule>>}
 */
export const SHARED_API_READS = Object.freeze({
  '/api/v1/store': PRICES,
  '/api/v1/store/:number': PRICES,
  '/api/v1/store-prices': PRICES,
  '/api/v1/offers': OFFERS,
  '/api/v1/promotion': PROMOTION,
  '/api/v1/promotion/:id': PROMOTION,
  '/api/v1/previous-winners': WINNERS,
  '/api/v1/geocode': GEOCODE,
});

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
// Netlify's `*` is any rest of the path; nothing else in these paths is special to it.
const pathPattern = (/** @type {readonly string[]} */ paths) =>
  new RegExp(`^(?:${paths.map((path) => escapeRegExp(path).replaceAll('*', '.+')).join('|')})$`);
const personal = pathPattern(PERSONAL_PATHS);
const sharedPages = SHARED_PAGES.map(
  ([path, headers]) => /** @type {const} */ ([pathPattern([path]), headers]),
);

/** The URL path without a trailing slash or index.html ('/' stays '/'). */
export const barePath = (/** @type {string} */ pathname) =>
  pathname.replace(/(\/index\.html|\/+)$/, '') || '/';

export const isPersonal = (/** @type {string} */ pathname) => personal.test(barePath(pathname));

/**
 * The caching headers of a file of the build (a prebuilt page, an asset): it changes with a deploy
 * only, so the browser revalidates it (its ETag is made from its content) and a CDN keeps it until
 * the deploy's purge of `pages`; hashed, it is kept for good.
 * @returns {Readonly<Record<string, string>>}
 */
export function fileCacheHeaders(/** @type {string} */ pathname) {
  if (pathname.startsWith('/_astro/')) return ASSET;
  return isPersonal(pathname) ? PERSONAL : STATIC_FILE;
}

/**
 * The caching headers of a page rendered on request (Astro), answered with `status`: nothing for a
 * redirect or an API answer (they keep their own), ERROR_CACHE for an error, else by path. The CDN headers of a shared
 * page come along; an answer that gets none must lose any it has (CDN_HEADERS).
 * @returns {Readonly<Record<string, string>>}
 */
export function pageCacheHeaders(/** @type {string} */ pathname, status = 200, now = Date.now()) {
  // On Netlify and in `astro dev` the API is an Astro endpoint too: it sets its own (apiCacheHeaders).
  if (pathname.startsWith('/api/')) return NONE;
  if (status >= 400) return ERROR;
  if (status >= 300 && status !== 304) return NONE;
  if (isPersonal(pathname)) return PERSONAL;
  const path = barePath(pathname);
  const rule = sharedPages.find(([pattern]) => pattern.test(path))?.[1];
  return rule ? resolve(rule, now) : STATIC;
}

/**
 * The caching headers of an API answer: a public read's when it succeeded, ERROR_CACHE for an
 * error, PERSONAL_CACHE for everything else. `route` is the Hono pattern that answered.
 * @returns {Readonly<Record<string, string>>}
 */
export function apiCacheHeaders(
  /** @type {string} */ method,
  /** @type {string | null} */ route,
  status = 200,
  now = Date.now(),
) {
  if (status >= 400) return ERROR;
  const read = method === 'GET' || method === 'HEAD' ? SHARED_API_READS[route ?? ''] : undefined;
  return read ? resolve(read, now) : PERSONAL;
}

/** Netlify `_headers` rules for the static files: the personal pages are never kept. */
export const netlifyCacheRules = () =>
  PERSONAL_PATHS.map((path) => /** @type {[string, Record<string, string>]} */ ([path, { ...PERSONAL }]));
