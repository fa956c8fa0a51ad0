// How long each answer may be kept, and by whom: one set of rules for every route, read by the Node
// server (src/server/http/headers.ts, static-files.ts), Astro's on-demand answers on either server
// (src/middleware.ts), the API on either server (src/server/middleware.ts) and Netlify's static
// files (the `_headers` file, through security-headers.ts). Which routes are shared and what each
// shows: the one list in routes.ts (docs/decisions/0022-one-route-registry.md). The table of routes
// and the reasons: docs/caching.md; the decision: docs/decisions/0012-cache-policy.md. Purging a tag
// when its data changes: src/server/cdn-purge.ts.
// Offers and promotions run by the chain's days (chainDay), in its time zone.
import { CHAIN_TIME_ZONE } from './dates.ts';
import {
  DATA_KINDS,
  type DataKind,
  isApiRoute,
  type Lifetime,
  pageRouteOf,
  ROUTES,
  type Route,
} from './routes.ts';

/**
 * What an answer shows, as a cache tag: purging a tag (src/server/cdn-purge.ts) drops every answer
 * tagged with it at the CDN. `pages` is what a deploy changes (every page and file of the build, and
 * the rendered pages, which name the build's assets): a deploy's last step purges it.
 */
export type CacheTag = DataKind | 'pages';
export const CACHE_TAGS: readonly CacheTag[] = Object.freeze([...DATA_KINDS, 'pages']);

/**
 * Seconds a CDN keeps an answer that shows prices (the prices answers, GET /api/v1/store-prices and the
 * store list): it is purged on every price change (`stores prices`, retried through the job queue:
 * src/server/cdn-purge.ts), so its lifetime only bounds a purge that has not got through yet. The pages themselves show no price (docs/decisions/0018-edge-holds-the-day.md).
 */
export const PRICES_TTL = 3600;
const DAY = 86_400;
/** What only a deploy changes (prebuilt pages and files, the frames): purged as a deploy's last step. */
const DEPLOY_TTL = 365 * DAY;
/** A stale answer is sent at once while the CDN fetches a fresh one in the background. */
export const REVALIDATE_WINDOW = 30;
/** While the server fails (5xx, unreachable), the CDN sends its last good answer up to this long. */
export const STALE_IF_ERROR = 3600;

// The Cache-Control values below are what browsers and CDNs are told, not the Node server's own
// kept pages (src/server/http/page-cache.ts).
/** Static pages: kept, but asked again each time (a strong ETag of their content, 304). */
export const STATIC_PAGE_CACHE_CONTROL = 'public, no-cache';
/** Hashed build assets never change under one name. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Answers with a visitor's data, or that depend on who asks: never kept by a browser, proxy or CDN. */
export const PERSONAL_CACHE = 'private, no-store';
/** Errors and the maintenance screen: not kept anywhere, so the next request gets the fixed answer. */
export const ERROR_CACHE = 'no-store';
/**
 * A redirect that sets no caching of its own (`/giveaway/rules` to the running promotion's rules):
 * asked again each time, as where it leads may change (docs/caching.md).
 */
export const REDIRECT_CACHE = 'no-cache';
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

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The CDN headers of a shared answer kept `ttl` seconds, tagged with what it shows: one place makes
 * the header of every CDN, so they never disagree.
 */
function cdnHeaders(ttl: number, tags: readonly CacheTag[]): Record<string, string> {
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
 */
function shared(ttl: number, tags: readonly CacheTag[], browser = REVALIDATE): HeaderSet {
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
export function secondsToNextDay(now: number = Date.now()): number {
  const parts = Object.fromEntries(dayClock.formatToParts(now).map((part) => [part.type, part.value]));
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return Math.max(60, DAY - elapsed);
}

/**
 * Answers that change by the chain's day and by an operator's command (purged): kept until midnight.
 * Made once a minute, not per request.
 */
function untilNextDay(tags: readonly CacheTag[], browser: string): (now: number) => HeaderSet {
  let made: { minute: number; headers: HeaderSet } | undefined;
  return (now) => {
    const minute = Math.floor(now / 60_000);
    if (made?.minute !== minute) made = { minute, headers: shared(secondsToNextDay(now), tags, browser) };
    return made.headers;
  };
}

/** A file of the build (a prebuilt page, an image): the browser revalidates, the CDN keeps it until the next deploy. */
const STATIC_FILE = shared(DEPLOY_TTL, ['pages'], STATIC_PAGE_CACHE_CONTROL);

/** An on-demand page no rule names: revalidated by the browser, never shared. */
const STATIC = Object.freeze({ 'Cache-Control': STATIC_PAGE_CACHE_CONTROL });
const ASSET = Object.freeze({ 'Cache-Control': ASSET_CACHE });
const PERSONAL = Object.freeze({ 'Cache-Control': PERSONAL_CACHE });
const ERROR = Object.freeze({ 'Cache-Control': ERROR_CACHE });
const REDIRECT = Object.freeze({ 'Cache-Control': REDIRECT_CACHE });
const NONE = Object.freeze({});

/**
 * Pages whose answers carry a visitor's data or what a visitor types into them: the account
 * screens (reset-password and confirm-email among them), a winner's link (its query holds the
 * winner's secret token, which a shared cache would make its key), and the static application form
 * page (Social Security and bank numbers). In Netlify's path syntax, also matched by the Node server
 * (a path, its trailing slash and its index.html). Each account screen by name, not `/account/*`:
 * Previous Winners and the guest entry form live under /account but are the same for everyone (their
 * islands ask the API for the session's part), so they are shared (SHARED_ACCOUNT_PAGES), and
 * Netlify's `_headers` cannot say "all but". A test walks src/pages/account so no screen is forgotten.
 */
export const PERSONAL_PATHS = Object.freeze([
  '/account',
  '/account/confirm-email',
  '/account/entries',
  '/account/forgot-password',
  '/account/login',
  '/account/register',
  '/account/reset-password',
  '/account/vip',
  '/giveaway/confirm',
  '/fleet-fueling.html',
]);
/** The pages under /account that are the same for everyone: shared like any prebuilt page. */
export const SHARED_ACCOUNT_PAGES = Object.freeze(['/account/winners', '/account/giveaway']);

/**
 * True when an answer's own Cache-Control keeps it out of every shared cache (`private`, `no-store`):
 * a personal answer (the API's, an operator's view through maintenance) that no later rule may make
 * shareable.
 */
export const keepsPrivate = (cacheControl: string | null | undefined): boolean =>
  /(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/i.test(cacheControl ?? '');

/** The headers of a rule: fixed, or made for the time of the answer (kept until the chain's next day). */
type Rule = HeaderSet | ((now: number) => HeaderSet);
const resolve = (rule: Rule, now: number): HeaderSet => (typeof rule === 'function' ? rule(now) : rule);

/**
 * The cache tags of a route of the registry: what it shows, and `pages` for a page, which names the
 * build's assets, so a deploy's purge of `pages` drops it.
 */
export const cacheTags = (route: Route): readonly CacheTag[] =>
  isApiRoute(route) || route.namesNoAssets ? route.shows : [...route.shows, 'pages'];

const TTL: Record<Exclude<Lifetime, 'chain-day'>, number> = {
  day: DAY,
  prices: PRICES_TTL,
  deploy: DEPLOY_TTL,
};
function ruleOf(route: Route): Rule {
  const browser = route.browserKeepsNone ? 'no-store' : REVALIDATE;
  const tags = cacheTags(route);
  return route.lifetime === 'chain-day'
    ? untilNextDay(tags, browser)
    : shared(TTL[route.lifetime], tags, browser);
}
const PAGE_RULES = new Map(
  ROUTES.filter((route) => !isApiRoute(route)).map((route) => [route, ruleOf(route)]),
);

/**
 * The API's public reads, by Hono route pattern (GET and HEAD only): shared at the CDN. Every other
 * route of the API is PERSONAL_CACHE (sessions, forms, account data), which a test checks against
 * the app's own list of routes. They need the X-API-Key header, a public constant (docs/api.md): a
 * CDN does not vary on it, so a request without it may get a kept answer, which holds only what
 * the same request with the key gets.
 */
export const SHARED_API_READS: Readonly<Record<string, Rule>> = Object.freeze(
  Object.fromEntries(ROUTES.filter(isApiRoute).map((route) => [route.path, ruleOf(route)])),
);

// Netlify's `*` is any rest of the path; nothing else in these paths is special to it.
const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const personal = new RegExp(
  `^(?:${PERSONAL_PATHS.map((path) => escapeRegExp(path).replaceAll('*', '.+')).join('|')})$`,
);

/** The URL path without a trailing slash or index.html ('/' stays '/'). */
export const barePath = (pathname: string): string => pathname.replace(/(\/index\.html|\/+)$/, '') || '/';

export const isPersonal = (pathname: string): boolean => personal.test(barePath(pathname));

/**
 * The caching headers of a file of the build (a prebuilt page, an asset): it changes with a deploy
 * only, so the browser revalidates it (its ETag is made from its content) and a CDN keeps it until
 * the deploy's purge of `pages`; hashed, it is kept for good.
 */
export function fileCacheHeaders(pathname: string): HeaderSet {
  if (pathname.startsWith('/_astro/')) return ASSET;
  return isPersonal(pathname) ? PERSONAL : STATIC_FILE;
}

/** A redirect (not a 304): it keeps a Cache-Control of its own (keepsOwnCaching). */
export const isRedirect = (status: number): boolean => status >= 300 && status < 400 && status !== 304;

/**
 * True when the answer's own Cache-Control stays, whatever the path's rule: a personal one
 * (keepsPrivate), or any a redirect set itself.
 */
export const keepsOwnCaching = (status: number, own: string | null | undefined): boolean =>
  keepsPrivate(own) || (isRedirect(status) && !!own);

/**
 * The caching headers of a page rendered on request (Astro), answered with `status`: nothing for an
 * API answer (it keeps its own), ERROR_CACHE for an error, PERSONAL_CACHE on a personal path (a
 * redirect too: a winner's link carries its token), REDIRECT_CACHE for another redirect that sets
 * none (keepsOwnCaching), else by path. The CDN headers of a shared page come along; an answer
 * that gets none must lose any it has (CDN_HEADERS). A page the route registry (routes.ts) names is
 * shared at the CDN; any other is revalidated by the browser, never shared.
 */
export function pageCacheHeaders(pathname: string, status = 200, now = Date.now()): HeaderSet {
  // On Netlify and in `astro dev` the API is an Astro endpoint too: it sets its own (apiCacheHeaders).
  if (pathname.startsWith('/api/')) return NONE;
  if (status >= 400) return ERROR;
  if (isPersonal(pathname)) return PERSONAL;
  if (isRedirect(status)) return REDIRECT;
  const route = pageRouteOf(barePath(pathname));
  const rule = route && PAGE_RULES.get(route);
  return rule ? resolve(rule, now) : STATIC;
}

/**
 * The caching headers of an API answer: a public read's when it succeeded, ERROR_CACHE for an
 * error, PERSONAL_CACHE for everything else. `route` is the Hono pattern that answered.
 */
export function apiCacheHeaders(
  method: string,
  route: string | null,
  status = 200,
  now = Date.now(),
): HeaderSet {
  if (status >= 400) return ERROR;
  const read = method === 'GET' || method === 'HEAD' ? SHARED_API_READS[route ?? ''] : undefined;
  return read ? resolve(read, now) : PERSONAL;
}

/**
 * Netlify `_headers` rules for the static files: the personal pages are never kept, at their address and
 * by their file's name, which Netlify serves too (`/account/login.html`: astro.config.mjs netlifyPageFiles).
 */
export const netlifyCacheRules = (): [string, Record<string, string>][] =>
  PERSONAL_PATHS.flatMap((path) => (path.endsWith('.html') ? [path] : [path, `${path}.html`])).map((path) => [
    path,
    { ...PERSONAL },
  ]);
