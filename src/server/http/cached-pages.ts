// Which on-demand pages the Node server keeps rendered (page-cache.ts), what data each shows (its
// answer is made again when that data's fingerprint changes, src/server/data-fingerprint.ts), and
// which query parameters it reads. Every kept page is also made again each chain day (the footer's
// year, offers and promotions that start or end on a day).
import type { DataSource } from '../data-fingerprint.ts';

/** What a page's HTML depends on: tables, and `minute` for a page that shows the time ('Open now'). */
export type PageData = DataSource | 'minute';

export interface CachedPage {
  /** The route's pattern, as the request metrics name it (src/server/http/metrics-routes.ts). */
  route: string;
  data: readonly PageData[];
  /**
   * The query parameters the page reads, in a fixed order: their values are part of the page's key,
   * and a request with any other parameter is rendered for itself, never kept. None: no query at all.
   */
  params?: readonly string[];
  /**
   * Kept in a share of the memory of its own: the 300 store pages, so that no other page (a frame,
   * a search) can push them out.
   */
  ownShare?: boolean;
}

const PAGES: readonly [RegExp, CachedPage][] = [
  // The locator: the stores nearest a search (`q`) and its filters (src/features/locator/search.ts).
  [/^\/stores\/?$/, { route: '/stores', data: ['stores'], params: ['q', 'filter'] }],
  // A store page: its prices and 'Open now' are filled in by its script (docs/decisions/0018).
  [/^\/stores\/[^/]+\/?$/, { route: '/stores/[number]', data: ['stores'], ownShare: true }],
  [/^\/sitemap-stores\.xml$/, { route: '/sitemap-stores.xml', data: ['stores'] }],
  // Offers: today's (the day is in every key), in one category or all.
  [/^\/specials\/?$/, { route: '/specials', data: ['offers'], params: ['category'] }],
  [/^\/giveaway\/rules\/[^/]+\/?$/, { route: '/giveaway/rules/[id]', data: ['promotions'] }],
  // The application frames: the same empty form for everyone, changed only by a deploy. An unknown
  // slug answers 404 (src/pages/frame/[slug].astro), which is never kept.
  [/^\/frame\/[^/]+\/?$/, { route: '/frame/[slug]', data: [] }],
];

export const cachedPage = (pathname: string): CachedPage | undefined =>
  PAGES.find(([pattern]) => pattern.test(pathname))?.[1];

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

/**
 * The path as a key: each segment decoded and encoded again the one way, without a trailing slash,
 * so `/stores/%31`, `/stores/1/` and `/stores/1` are one page; undefined when its %-encoding is
 * broken (never kept).
 */
export function canonicalPath(pathname: string): string | undefined {
  try {
    const path = pathname
      .split('/')
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join('/');
    return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  } catch {
    return undefined;
  }
}
