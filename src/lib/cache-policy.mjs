// @ts-check
// How long each answer may be kept, and by whom: one set of rules for every route, read by the Node
// server (src/server/http/headers.ts, static-files.ts), Astro's on-demand answers on either server
// (src/middleware.ts), the API on either server (src/server/middleware.ts) and Netlify's static
// files (the `_headers` file, through security-headers.mjs). The table of routes and the reasons:
// docs/caching.md; the decision: docs/decisions/0012-cache-policy.md. Purging a tag when its data
// changes: src/server/cdn-purge.ts.

/**
 * What an answer shows, as a cache tag: purging a tag (src/server/cdn-purge.ts) drops every answer
 * tagged with it at the CDN. `pages` is what only a deploy changes (the frames).
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
 * Seconds a CDN keeps an answer before asking again. Prices are the freshest promise: a visitor
 * never sees a price older than PRICES_TTL + REVALIDATE_WINDOW (90 s) while the server answers,
 * even when a purge after `stores prices` did not reach the CDN.
 */
export const PRICES_TTL = 60;
const DAILY_TTL = 300; // offers, promotions, winners: they change by date or by an operator (purged)
const DEPLOY_TTL = 3600; // frames: change with a deploy only
const GEOCODE_TTL = 86_400; // the gazetteer changes with a deploy; an external geocoder rarely
/** A stale answer is sent at once while the CDN fetches a fresh one in the background. */
export const REVALIDATE_WINDOW = 30;
/** While the server fails (5xx, unreachable), the CDN sends its last good answer up to this long. */
export const STALE_IF_ERROR = 3600;

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

/** The headers a CDN reads and browsers never need: removed from an answer that must not be shared. */
export const CDN_HEADERS = Object.freeze([
  'CDN-Cache-Control',
  'Netlify-CDN-Cache-Control',
  'Cache-Tag',
  'Netlify-Cache-Tag',
]);

/**
 * A shared answer: revalidated by the browser (or not kept at all, for a page a visitor types a Social
 * Security number into), kept `ttl` seconds by a CDN, tagged with what it shows.
 * CDN-Cache-Control (RFC 9213) is read by CDNs in general, Netlify-CDN-Cache-Control by Netlify only
 * (`durable`: one copy for all its edge nodes, so the function runs once per TTL, not once per node).
 * @param {number} ttl
 * @param {readonly CacheTag[]} tags
 * @param {string} browser
 * @returns {Readonly<Record<string, string>>}
 */
function shared(ttl, tags, browser = REVALIDATE) {
  const cdn = `public, max-age=${ttl}, stale-while-revalidate=${REVALIDATE_WINDOW}, stale-if-error=${STALE_IF_ERROR}`;
  const tag = tags.join(',');
  return Object.freeze({
    'Cache-Control': browser,
    'CDN-Cache-Control': cdn,
    'Netlify-CDN-Cache-Control': `public, durable, max-age=${ttl}, stale-while-revalidate=${REVALIDATE_WINDOW}, stale-if-error=${STALE_IF_ERROR}`,
    'Cache-Tag': tag,
    'Netlify-Cache-Tag': tag,
  });
}

const STORES = shared(PRICES_TTL, ['stores', 'prices']);
const OFFERS = shared(DAILY_TTL, ['offers']);
const PROMOTION = shared(DAILY_TTL, ['promotion']);
const WINNERS = shared(DAILY_TTL, ['winners']);
const GEOCODE = shared(GEOCODE_TTL, ['geocode']);
// The application forms hold nothing when sent, so a CDN may share them; the browser keeps none (a
// filled form must not come back from the back/forward cache of a shared computer).
const FRAME = shared(DEPLOY_TTL, ['pages'], 'no-store');

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
 * Pages rendered on request from the database, shared at the CDN, in Netlify's path syntax (`*`:
 * any rest of the path). First match wins.
 * @type {readonly [string, Readonly<Record<string, string>>][]}
 */
export const SHARED_PAGES = Object.freeze([
  ['/stores', STORES],
  ['/stores/*', STORES],
  ['/sitemap-stores.xml', STORES],
  ['/specials', OFFERS],
  ['/giveaway/rules', PROMOTION],
  ['/giveaway/rules/*', PROMOTION],
  ['/frame/*', FRAME],
]);

/**
 * The API's public reads, by Hono route pattern (GET and HEAD only): shared at the CDN. Every other
 * route of the API is PERSONAL_CACHE (sessions, forms, account data), which a test checks against
 * the app's own list of routes. They need the X-API-Key header, a public constant (docs/api.md): a
 * CDN does not vary on it, so a request without it may get a kept answer, which holds only what
 * the same request with the key gets.
 * @type {Readonly<Record<string, Readonly<Record<string, string>>>>}
 */
export const SHARED_API_READS = Object.freeze({
  '/api/v1/store': STORES,
  '/api/v1/store/:number': STORES,
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
 * only, so it is revalidated (its ETag is made from its content) or, hashed, kept for good.
 * @returns {Readonly<Record<string, string>>}
 */
export function fileCacheHeaders(/** @type {string} */ pathname) {
  if (pathname.startsWith('/_astro/')) return ASSET;
  return isPersonal(pathname) ? PERSONAL : STATIC;
}

/**
 * The caching headers of a page rendered on request (Astro), answered with `status`: nothing for a
 * redirect or an API answer (they keep their own), ERROR_CACHE for an error, else by path. The CDN headers of a shared
 * page come along; an answer that gets none must lose any it has (CDN_HEADERS).
 * @returns {Readonly<Record<string, string>>}
 */
export function pageCacheHeaders(/** @type {string} */ pathname, status = 200) {
  // On Netlify and in `astro dev` the API is an Astro endpoint too: it sets its own (apiCacheHeaders).
  if (pathname.startsWith('/api/')) return NONE;
  if (status >= 400) return ERROR;
  if (status >= 300 && status !== 304) return NONE;
  if (isPersonal(pathname)) return PERSONAL;
  const path = barePath(pathname);
  return sharedPages.find(([pattern]) => pattern.test(path))?.[1] ?? STATIC;
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
) {
  if (status >= 400) return ERROR;
  const read = method === 'GET' || method === 'HEAD' ? SHARED_API_READS[route ?? ''] : undefined;
  return read ?? PERSONAL;
}

/** Netlify `_headers` rules for the static files: the personal pages are never kept. */
export const netlifyCacheRules = () =>
  PERSONAL_PATHS.map((path) => /** @type {[string, Record<string, string>]} */ ([path, { ...PERSONAL }]));
