// The one list of the routes whose answers are shared at a CDN or kept by the Node server, with what
// each shows, read by: the caching rules (cache-policy.ts: each answer's lifetime and cache tags),
// the Node server's page cache (src/server/http/cached-pages.ts: which pages it keeps, which query
// parameters make their key, and so which tables' fingerprints, src/server/data-fingerprint.ts, make
// a kept page again) and the request metrics (its page labels). No imports and only TypeScript that
// Node can strip, so the bundled server, Netlify's edge (Deno) and plain `node` (bench/) all load it.
// docs/decisions/0022-one-route-registry.md; the table with the reasons: docs/caching.md.

/**
 * What an answer can show, one word each, in every use: its cache tags (an operator's change purges
 * the tag: src/server/cdn-purge.ts) and, for a kind with a table of its own, the table whose
 * fingerprint a kept page is made again for.
 */
export const DATA_KINDS = Object.freeze([
  'stores',
  'prices',
  'offers',
  'promotions',
  'winners',
  'geocode',
] as const);
export type DataKind = (typeof DATA_KINDS)[number];

/**
 * How long a CDN keeps an answer (cache-policy.ts makes the headers of each):
 * - `day`: a day, and purged when what it shows changes (a store import, a winner's confirmation); the gazetteer of
 *   the geocoder changes with a deploy, an external geocoder rarely;
 * - `prices`: an hour, purged on every price change (docs/decisions/0018-edge-holds-the-day.md);
 * - `chain-day`: until the chain's next midnight (offers and promotions run by its days), purged on change;
 * - `deploy`: until the next deploy purges `pages`.
 */
export type Lifetime = 'day' | 'prices' | 'chain-day' | 'deploy';

export interface Route {
  /**
   * An on-demand page as Astro names it (`[number]`: one segment of the path), which is also its label
   * in the request metrics (src/server/http/metrics-routes.ts); an API read as Hono's pattern (`:number`).
   */
  path: string;
  /** What the answer shows: its cache tags, and what a kept page is made again for. */
  shows: readonly DataKind[];
  lifetime: Lifetime;
  /** A page names the build's assets, so it is tagged `pages` too (a deploy purges it); not so an XML file. */
  namesNoAssets?: true;
  /** Not kept by the browser either: a form a visitor types a Social Security number into. */
  browserKeepsNone?: true;
  /** Kept rendered by the Node server (src/server/http/page-cache.ts); every kept page is made again each chain day. */
  kept?: {
    /**
     * The query parameters the page reads, in a fixed order: their values are part of the page's key,
     * and a request with any other parameter is rendered for itself, never kept. None: no query at all.
     */
    params?: readonly string[];
    /** Kept in a share of memory of its own: the 300 store pages, which no other page (a frame, a search) can push out. */
    ownShare?: true;
  };
}

/** The locator's query: the search text and the feature filters (src/features/locator/search.ts). */
export const LOCATOR_QUERY = Object.freeze({ text: 'q', filter: 'filter' } as const);
/** The offers page's query: one category (src/features/offers/offers-filter.ts). */
export const OFFERS_QUERY = Object.freeze({ category: 'category' } as const);

/**
 * The routes, pages first. The store pages and the locator show no price and no 'Open now': their
 * script fills both in from the prices answer and the hours (docs/decisions/0018-edge-holds-the-day.md).
 */
export const ROUTES: readonly Route[] = Object.freeze([
  { path: '/stores', shows: ['stores'], lifetime: 'day', kept: { params: Object.values(LOCATOR_QUERY) } },
  // The no-script fallback of a store page's prices: a price, so kept as the prices answer.
  { path: '/stores/[number]/prices', shows: ['prices'], lifetime: 'prices' },
  { path: '/stores/[number]', shows: ['stores'], lifetime: 'day', kept: { ownShare: true } },
  { path: '/sitemap-stores.xml', shows: ['stores'], lifetime: 'day', namesNoAssets: true, kept: {} },
  // Today's offers (the day is in every kept page's key), in one category or all.
  {
    path: '/specials',
    shows: ['offers'],
    lifetime: 'chain-day',
    kept: { params: Object.values(OFFERS_QUERY) },
  },
  // Mostly a redirect to the running promotion's rules (redirects keep their own caching).
  { path: '/giveaway/rules', shows: ['promotions'], lifetime: 'chain-day' },
  { path: '/giveaway/rules/[id]', shows: ['promotions'], lifetime: 'chain-day', kept: {} },
  // The application forms: the same empty form for everyone, changed only by a deploy; an unknown
  // slug answers 404 (src/pages/frame/[slug].astro), which is never kept.
  { path: '/frame/[slug]', shows: [], lifetime: 'deploy', browserKeepsNone: true, kept: {} },
  // The API's public reads (GET and HEAD). Every other route of the API is personal (cache-policy.ts).
  { path: '/api/v1/store', shows: ['stores', 'prices'], lifetime: 'prices' },
  { path: '/api/v1/store/:number', shows: ['stores', 'prices'], lifetime: 'prices' },
  { path: '/api/v1/store-prices', shows: ['stores', 'prices'], lifetime: 'prices' },
  { path: '/api/v1/offers', shows: ['offers'], lifetime: 'chain-day' },
  { path: '/api/v1/promotion', shows: ['promotions'], lifetime: 'chain-day' },
  { path: '/api/v1/promotion/:id', shows: ['promotions'], lifetime: 'chain-day' },
  { path: '/api/v1/previous-winners', shows: ['winners'], lifetime: 'day' },
  { path: '/api/v1/geocode', shows: ['geocode'], lifetime: 'day' },
] satisfies Route[]);

export const isApiRoute = (route: Route): boolean => route.path.startsWith('/api/');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|\\]/g, '\\$&');
/** A page's path as a pattern: `[name]` is one segment; a trailing slash is the same page. */
const pagePattern = (path: string) =>
  new RegExp(
    `^${path
      .split(/(\[[^\]]+\])/)
      .map((part, index) => (index % 2 ? '[^/]+' : escapeRegExp(part)))
      .join('')}/?$`,
  );
const PAGES = ROUTES.filter((route) => !isApiRoute(route)).map(
  (route) => [pagePattern(route.path), route] as const,
);

/** The on-demand page route of this path (a trailing slash allowed), or undefined. */
export const pageRouteOf = (pathname: string): Route | undefined =>
  PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
