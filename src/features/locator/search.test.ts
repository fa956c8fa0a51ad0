import { describe, expect, test } from 'vitest';
import { storeItem } from './locator.sample.ts';
import { DEFAULT_CENTER, FEATURES, featureForSlug, formatDistance } from './locator.ts';
import {
  applyFilters,
  distanceMiles,
  hasFeatures,
  listFor,
  matchesText,
  readUrlState,
  sortByDistance,
  writeUrlState,
  zoomFor,
} from './search.ts';

const warren = storeItem({
  sStoreNumber: '10',
  sCity: 'Warren',
  sState: 'PA',
  sZip: '16365',
  lat: 41.8439,
  lng: -79.145,
});
const warrenOh = storeItem({
  sStoreNumber: '11',
  sCity: 'Warren',
  sState: 'OH',
  sZip: '44481',
  lat: 41.2376,
  lng: -80.8184,
});
const jamestown = storeItem({
  sStoreNumber: '20',
  sCity: 'Jamestown',
  sState: 'NY',
  sZip: '14701',
  lat: 42.097,
  lng: -79.2353,
});
const all = [warrenOh, jamestown, warren];

describe('matching (product.md 5.5)', () => {
  test('city part is contained in the city, case and spaces ignored', () => {
    expect(matchesText(warren, '  WARR ')).toBe(true);
    expect(matchesText(jamestown, 'warren')).toBe(false);
  });
  test("'city, state' needs both parts", () => {
    expect(matchesText(warren, 'Warren, pa')).toBe(true);
    expect(matchesText(warrenOh, 'Warren, PA')).toBe(false);
    expect(matchesText(warrenOh, 'warren,oh')).toBe(true);
  });
  test('a ZIP matches when the store ZIP contains the whole text', () => {
    expect(matchesText(jamestown, '14701')).toBe(true);
    expect(matchesText(jamestown, '147')).toBe(true);
    expect(matchesText(warren, '14701')).toBe(false);
  });
  test('empty text lists every store (filters applied), sorted by distance', () => {
    const { stores, matched } = listFor(all, '  ', ['ATM'], DEFAULT_CENTER);
    expect(matched).toBe(true);
    expect(stores).toEqual([]);
    expect(listFor(all, '', [], DEFAULT_CENTER).stores.map((s) => s.data.sStoreNumber)).toEqual([
      '20',
      '10',
      '11',
    ]);
  });
  test('no local match says so, and keeps the whole list for the geocoded fallback', () => {
    const result = listFor(all, 'Scranton', [], DEFAULT_CENTER);
    expect(result.matched).toBe(false);
    expect(result.stores).toHaveLength(3);
  });
});

describe('filters (product.md 5.5)', () => {
  const cafe = storeItem({ features: ['ATM', 'bradley st. cafe', 'Diesel'] });
  const coffee = storeItem({ features: ['Bradley St. Coffee', 'ATM'] });
  const plain = storeItem({ features: ['ATM'] });
  test('AND logic: every selected filter must be present', () => {
    expect(hasFeatures(cafe, ['ATM', 'Diesel'])).toBe(true);
    expect(hasFeatures(plain, ['ATM', 'Diesel'])).toBe(false);
    expect(applyFilters([cafe, coffee, plain], ['ATM'])).toHaveLength(3);
  });
  test('case-insensitive', () => {
    expect(hasFeatures(cafe, ['Bradley St. Cafe'])).toBe(true);
    expect(hasFeatures(storeItem({ features: ['atm'] }), ['ATM'])).toBe(true);
  });
  test('Bradley St. Cafe also accepts Bradley St. Coffee, and only that filter does', () => {
    expect(applyFilters([cafe, coffee, plain], ['Bradley St. Cafe'])).toEqual([cafe, coffee]);
    expect(hasFeatures(storeItem({ features: ['Bradley St. Cafe'] }), ['Subway'])).toBe(false);
  });
  test('there are the 19 filters of product.md 9', () => {
    expect(FEATURES).toHaveLength(19);
  });
});

describe('distance and zoom (product.md 4)', () => {
  test('haversine miles', () => {
    expect(distanceMiles({ lat: 41.8439, lng: -79.145 }, { lat: 42.097, lng: -79.2353 })).toBeCloseTo(
      18.1,
      0,
    );
    expect(distanceMiles(DEFAULT_CENTER, DEFAULT_CENTER)).toBe(0);
  });
  test('sorted nearest first, with the distance shown to one decimal', () => {
    const sorted = sortByDistance(all, { lat: 42.1, lng: -79.24 });
    expect(sorted.map((s) => s.data.sStoreNumber)).toEqual(['20', '10', '11']);
    expect(formatDistance(sorted[1]?.distance ?? 0)).toMatch(/^\d+\.\d miles$/);
    expect(formatDistance(3.04)).toBe('3.0 miles');
  });
  test.each([
    [150, 7],
    [100.1, 7],
    [100, 8],
    [60, 8],
    [50, 9],
    [26, 9],
    [25, 10],
    [11, 10],
    [10, 11],
    [0, 11],
    [undefined, 10],
  ])('%s miles gives zoom %s', (miles, zoom) => {
    expect(zoomFor(miles)).toBe(zoom);
  });
});

describe('URL state', () => {
  test('the home page link preselects the cafe filter', () => {
    expect(readUrlState('?filter=bradleystreetcoffee')).toEqual({ q: '', filters: ['Bradley St. Cafe'] });
    expect(featureForSlug('payatthepump')).toBe('Pay at the Pump');
  });
  test('round trip, unknown filters dropped', () => {
    const url = writeUrlState({ q: 'Warren, PA', filters: ['ATM', '24 Hours'] });
    expect(url).toBe('?q=Warren%2C+PA&filter=atm,24hours'.replace('%2C', ','));
    expect(readUrlState(`${url}&filter=nonsense`)).toEqual({ q: 'Warren, PA', filters: ['ATM', '24 Hours'] });
    expect(writeUrlState({ q: ' ', filters: [] })).toBe('');
  });
});
