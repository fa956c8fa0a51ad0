// Which on-demand pages the Node server keeps rendered (page-cache.ts), what data each shows (its
// answer is made again when that data's fingerprint changes, src/server/data-fingerprint.ts), and
// which query parameters it reads: the pages of the one route list (src/lib/routes.ts) marked kept.
// Every kept page is also made again each chain day (the footer's year, offers and promotions that
// start or end on a day).
import { isApiRoute, pageRouteOf, ROUTES, type Route } from '../../lib/routes.ts';
import { type DataSource, isFingerprinted } from '../data-fingerprint.ts';

export interface CachedPage {
  /** The route's pattern, as the request metrics name it (src/server/http/metrics-routes.ts). */
  route: string;
  /** The tables whose fingerprints the page is made again for. */
  data: readonly DataSource[];
  /** The query parameters it reads (src/lib/routes.ts). */
  params?: readonly string[];
  ownShare?: boolean;
}

/**
 * A kept route as the page cache reads it. A kept page that shows data without a fingerprint would
 * never be made again when it changes: refused when the server starts, not served stale.
 */
function cachedPageOf(route: Route): CachedPage | undefined {
  if (!route.kept || isApiRoute(route)) return undefined;
  const data = route.shows.filter(isFingerprinted);
  if (data.length !== route.shows.length) {
    throw new Error(
      `${route.path} is kept, but some of what it shows has no fingerprint: ${route.shows.join(', ')}`,
    );
  }
  return { route: route.path, data, params: route.kept.params, ownShare: route.kept.ownShare };
}
const PAGES = new Map(ROUTES.map((route) => [route, cachedPageOf(route)]));

/** The kept page of this path (a trailing slash allowed), or undefined: only a page of the route list is kept. */
export const cachedPage = (pathname: string): CachedPage | undefined => {
  const route = pageRouteOf(pathname);
  return route && PAGES.get(route);
};

/**
 * The page's key for this query ('' for none), or undefined when the query has a parameter the
 * page does not read: such a request is rendered for itself, so a made-up parameter cannot fill the
 * cache, and a page that starts reading a new parameter is never answered for another value.
 */
export function queryKey(page: CachedPage, search: string): string | undefined {
  if (search === '' || search === '?') return '';
  const params = new URLSearchParams(search);
  const known = page.params ?? [];
  for (const name of params.keys()) if (!known.includes(name)) return undefined;
  const normal = new URLSearchParams();
  for (const name of known) for (const value of params.getAll(name)) normal.append(name, value);
  return normal.toString();
}

/** What encodeURIComponent leaves alone, and the slashes between segments. */
const UNCHANGED_BY_ENCODING = /^[\w\-.!~*'()/]*$/;
const withoutTrailingSlash = (path: string): string =>
  path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;

/**
 * The path as a key: each segment decoded and encoded again the one way, without a trailing slash,
 * so `/stores/%31`, `/stores/1/` and `/stores/1` are one page; undefined when its %-encoding is
 * broken (never kept).
 */
export function canonicalPath(pathname: string): string | undefined {
  // Characters that decoding and encoding leave as they are (most paths): no segment changes.
  if (UNCHANGED_BY_ENCODING.test(pathname)) return withoutTrailingSlash(pathname);
  try {
    const path = pathname
      .split('/')
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join('/');
    return withoutTrailingSlash(path);
  } catch {
    return undefined;
  }
}
