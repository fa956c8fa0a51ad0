// The locator's list rules (product.md 4, 5.5): text matching, feature filters, distance sorting, the
// zoom rule, and the search/filter state kept in the URL. Pure functions, used by island and page.
import { LOCATOR_QUERY } from '../../lib/routes.ts';
import {
  CAFE_ALIAS,
  CAFE_FILTER,
  featureForSlug,
  filterSlug,
  type LatLng,
  type PlacedStore,
  position,
  type StoreItem,
} from './locator.ts';

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Each store with its distance from `from`, nearest first (ties keep their order). */
export function sortByDistance<T extends StoreItem>(stores: T[], from: LatLng): (T & { distance: number })[] {
  return stores
    .map((store) => ({ ...store, distance: distanceMiles(from, position(store)) }))
    .sort((a, b) => a.distance - b.distance);
}

/**
 * product.md 5.5: lower-cased, trimmed, split on a comma into a city part and an optional state part. A
 * store matches if its city contains the city part and its state the state part (when given), or
 * its ZIP contains the whole text.
 */
export function matchesText(store: StoreItem, text: string): boolean {
  const query = text.toLowerCase().trim();
  const [cityPart = '', statePart] = query.split(',').map((part) => part.trim());
  const { sCity, sState, sZip } = store.data;
  const cityMatch =
    sCity.toLowerCase().includes(cityPart) &&
    (statePart === undefined || sState.toLowerCase().includes(statePart));
  return cityMatch || sZip.toLowerCase().includes(query);
}

/** product.md 5.5: every selected filter must match (AND), case-insensitively; the cafe also as 'Bradley St. Coffee'. */
export function hasFeatures(store: StoreItem, selected: readonly string[]): boolean {
  const own = new Set(store.features.map((f) => f.toLowerCase()));
  return selected.every((label) => {
    if (own.has(label.toLowerCase())) return true;
    return label === CAFE_FILTER && own.has(CAFE_ALIAS.toLowerCase());
  });
}

export const applyFilters = <T extends StoreItem>(stores: T[], selected: readonly string[]): T[] =>
  selected.length === 0 ? stores : stores.filter((store) => hasFeatures(store, selected));

/** product.md 4: zoom by distance in miles to the nearest store; 10 when no distance is known. */
export function zoomFor(miles: number | undefined): number {
  if (miles === undefined || !Number.isFinite(miles)) return 10;
  if (miles > 100) return 7;
  if (miles > 50) return 8;
  if (miles > 25) return 9;
  if (miles > 10) return 10;
  return 11;
}

export interface ListResult {
  stores: PlacedStore[];
  /** False when the text matched no store: the caller geocodes it (product.md 5.5). */
  matched: boolean;
}

/** The displayed list for a search text and filters, sorted by distance from `from`. */
export function listFor(
  all: StoreItem[],
  text: string,
  selected: readonly string[],
  from: LatLng,
): ListResult {
  const filtered = applyFilters(all, selected);
  if (text.trim() === '') return { stores: sortByDistance(filtered, from), matched: true };
  const hits = filtered.filter((store) => matchesText(store, text));
  if (hits.length === 0) return { stores: sortByDistance(filtered, from), matched: false };
  return { stores: sortByDistance(hits, from), matched: true };
}

/**
 * Search text and filters as they appear in the page's URL: `?q=Warren&filter=atm,diesel`. The names
 * are the route list's (src/lib/routes.ts), which keys the kept locator pages by them.
 */
export interface UrlState {
  q: string;
  filters: string[];
}

export function readUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const filters = params
    .getAll(LOCATOR_QUERY.filter)
    .flatMap((value) => value.split(','))
    .map((slug) => featureForSlug(slug))
    .filter((label): label is NonNullable<typeof label> => label !== undefined);
  return { q: (params.get(LOCATOR_QUERY.text) ?? '').slice(0, 100), filters: [...new Set(filters)] };
}

export function writeUrlState({ q, filters }: UrlState): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set(LOCATOR_QUERY.text, q.trim());
  if (filters.length > 0) params.set(LOCATOR_QUERY.filter, filters.map(filterSlug).join(','));
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}
