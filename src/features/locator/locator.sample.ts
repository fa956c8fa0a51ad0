// Store data, one source for the seed (src/features/locator/locator.seed.ts), the unit and API
// tests and the browser tests (tests/e2e/locator.spec.ts): about 300 plausible sample stores in real
// towns of western and central Pennsylvania, western New York and northeastern Ohio, at those towns'
// coordinates from the gazetteer. Deterministic (a fixed pseudo-random sequence), so tests can name
// towns: #1 Warren PA, #2 Jamestown NY, Westfield in PA and NY, nothing in Scranton.
import type { Insertable, Kysely } from 'kysely';
import type { Database, StoresTable } from '../../server/db/schema.ts';
import { allPlaces, type Place } from './gazetteer.server.ts';
import { CAFE_ALIAS, FEATURES, type StoreItem } from './locator.ts';

export const SAMPLE_STORE_COUNT = 300;
/** Towns the chain is known for, always in the sample (the first is store #1). */
const ANCHORS = [
  'Warren|PA',
  'Jamestown|NY',
  'Bradford|PA',
  'Erie|PA',
  'Olean|NY',
  'Meadville|PA',
  'Oil City|PA',
  'Dunkirk|NY',
  'Ashtabula|OH',
  'Titusville|PA',
  'Salamanca|NY',
  'Russell|PA',
];
const STREETS = [
  'Main St',
  'Market St',
  'State St',
  'Liberty St',
  'Erie St',
  'Central Ave',
  'Washington St',
  'Elm St',
  'Water St',
  'Route 6',
  'Route 19',
  'Route 62',
  'Route 8',
  'Route 219',
  'Route 322',
];
const AREA_CODES: Record<string, string[]> = { PA: ['814', '724'], NY: ['716', '585'], OH: ['440', '330'] };
const HOURS = [
  'Mo-Sa 05:00-23:00; Su 06:00-22:00',
  'Mo-Su 06:00-00:00',
  'Su-Th 06:00-23:00; Fr-Sa 06:00-02:00',
  'Mo-Fr 05:30-22:00; Sa-Su 07:00-21:00',
];

/** mulberry32: a small, fixed pseudo-random sequence. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The chain's region: western/central PA, western NY, northeastern OH. */
const inRegion = (p: Place) =>
  (p.state === 'PA' && p.lng < -77.2 && p.lat > 40.3) ||
  (p.state === 'NY' && p.lng < -77.0 && p.lat > 41.9) ||
  (p.state === 'OH' && p.lng > -81.8 && p.lat > 40.7);

export async function sampleTowns(count = SAMPLE_STORE_COUNT): Promise<Place[]> {
  const towns = new Map<string, Place>();
  for (const place of await allPlaces()) {
    const key = `${place.city}|${place.state}`;
    if (inRegion(place) && !towns.has(key)) towns.set(key, place);
  }
  const next = random(20260501);
  const rest = [...towns.keys()].filter((key) => !ANCHORS.includes(key)).sort();
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as string, rest[i] as string];
  }
  return [...ANCHORS, ...rest]
    .slice(0, count)
    .map((key) => towns.get(key))
    .filter((p): p is Place => p !== undefined);
}

/** The sample stores as table rows, all set at `now`. */
export async function sampleStoreRows(now: number): Promise<Insertable<StoresTable>[]> {
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const towns = await sampleTowns();
  const rows: Insertable<StoresTable>[] = towns.map((town, i) => {
    const number = String(i + 1);
    const allDay = i % 5 === 0 || next() < 0.25;
    const features: string[] = FEATURES.filter(
      (f) => f !== '24 Hours' && next() < (f === 'Convenience' || f === 'Lottery' ? 0.9 : 0.22),
    );
    // Every filter has stores; a third of the cafes carry the older label 'Bradley St. Coffee'.
    features.push(FEATURES[i % FEATURES.length] as string);
    const labels = [
      ...new Set(allDay ? ['24 Hours', ...features] : features.filter((f) => f !== '24 Hours')),
    ].map((f) => (f === 'Bradley St. Cafe' && i % 3 === 0 ? CAFE_ALIAS : f));
    const diesel = labels.includes('Diesel') || labels.includes('Truck Stop');
    return {
      id: `sample-store-${number}`,
      store_number: number,
      addr1: `${100 + Math.floor(next() * 8900)} ${pick(STREETS)}`,
      city: town.city,
      state: town.state,
      zip: town.zip,
      phone: `${pick(AREA_CODES[town.state] ?? ['814'])}55501${String(i % 100).padStart(2, '0')}`,
      lat: town.lat,
      lon: town.lng,
      features: JSON.stringify(labels),
      gas_price: `3.${String(19 + Math.floor(next() * 40)).padStart(2, '0')}9`,
      gas_price_at: now,
      diesel_price: diesel ? `3.${String(69 + Math.floor(next() * 30))}9` : null,
      diesel_price_at: diesel ? now : null,
      hours: allDay ? '24 hours' : pick(HOURS),
      sample: 1,
      updated_at: now,
    };
  });
  return rows;
}

export async function insertStores(db: Kysely<Database>, rows: Insertable<StoresTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('stores')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** A store in the API's shape for unit tests, with only what a test cares about given. */
export function storeItem(
  overrides: Partial<StoreItem['data']> & { features?: string[]; lat?: number; lng?: number } = {},
): StoreItem {
  const { features = [], lat = 41.84, lng = -79.14, ...data } = overrides;
  return {
    data: {
      sId: `id-${data.sStoreNumber ?? '1'}`,
      sStoreNumber: '1',
      sAddr1: '1 Main St',
      sAddr2: '',
      sCity: 'Warren',
      sState: 'PA',
      sZip: '16365',
      sPhone: '8145550100',
      sLat: String(lat),
      sLon: String(lng),
      ...data,
    },
    features,
    gas_price: '3.459',
    diesel_price: null,
    gas_price_at: 0,
    diesel_price_at: null,
    hours: '24 hours',
    time_zone: 'America/New_York',
    sample: false,
  };
}

/**
 * Rewrites one store's feature labels as stored (imports always store the canonical labels; older or
 * hand-edited lists may not), e.g. to another case. Returns the undo.
 */
export async function relabelStoreFeatures(
  db: Kysely<Database>,
  storeNumber: string,
  relabel: (label: string) => string,
): Promise<() => Promise<void>> {
  const { features } = await db
    .selectFrom('stores')
    .select('features')
    .where('store_number', '=', storeNumber)
    .executeTakeFirstOrThrow();
  const write = (value: string) =>
    db
      .updateTable('stores')
      .set({ features: value, updated_at: Date.now() }) // as every write of a store does
      .where('store_number', '=', storeNumber)
      .execute();
  await write(JSON.stringify((JSON.parse(features) as string[]).map(relabel)));
  return async () => void (await write(features));
}
