// The store locator's shared vocabulary (product.md 2.9, 3, 4, 8, 9): the store shape the API answers,
// the 19 feature filters, the defaults and every visitor-facing message. Island and server use it.

/** product.md 3 Store: the `data` object with the s* fields (coordinates as strings), beside the rest. */
export interface StoreData {
  sId: string;
  sStoreNumber: string;
  sAddr1: string;
  sAddr2: string;
  sCity: string;
  sState: string;
  sZip: string;
  sPhone: string;
  sLat: string;
  sLon: string;
}

export interface StoreItem {
  data: StoreData;
  features: string[];
  /** Dollars per gallon as decimal text ('3.459'), or null when the store does not post one. */
  gas_price: string | null;
  diesel_price: string | null;
  /** When each price was set (epoch ms). */
  gas_price_at: number | null;
  diesel_price_at: number | null;
  /** '24 hours' or weekly ranges ('Mo-Fr 06:00-22:00; Sa-Su 07:00-21:00'); '' when unknown. */
  hours: string;
  time_zone: string;
  /** True for generated sample stores (the demo data set). */
  sample: boolean;
  /**
   * Set on the stores a page renders into its HTML: their prices are left out (null), since a CDN
   * keeps the page far longer than a price holds; the page's script reads them from the prices
   * answer (docs/decisions/0018-edge-holds-the-day.md).
   */
  prices_left_out?: true;
}

/** A store as a kept page may show it: without its prices (StoreItem.prices_left_out). */
export const withoutPrices = <T extends StoreItem>(store: T): T => ({
  ...store,
  gas_price: null,
  diesel_price: null,
  gas_price_at: null,
  diesel_price_at: null,
  prices_left_out: true,
});

/** One store's prices in the prices answer (GET /api/v1/store-prices), by store number. */
export type StorePrices = Pick<StoreItem, 'gas_price' | 'diesel_price' | 'gas_price_at' | 'diesel_price_at'>;
export interface StorePricesAnswer {
  prices: Record<string, StorePrices>;
}

/** Shown where a page's prices are still being read. */
export const PRICES_LOADING = "Loading today's prices...";
/** Shown where the prices answer could not be read. */
export const PRICES_FAILED = 'Prices could not load; please try again later.';

/** A store with its computed distance in miles (product.md 3), from the point the list is sorted by. */
export type PlacedStore = StoreItem & { distance?: number };

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * The answer of GET /store. The route sends bytes it made once per change of the stores
 * (store-list.server.ts), which Hono cannot type, so the client reads the JSON as this shape.
 */
export interface StoreListAnswer {
  items: StoreItem[];
  total: number;
  page: number;
  size: number;
}

/** product.md 4: default map centre and user position, and the default zoom. */
export const DEFAULT_CENTER: LatLng = { lat: 41.9891, lng: -79.1131 };
export const DEFAULT_ZOOM = 11;
/** product.md 9: store list size. */
export const STORE_LIST_SIZE = 1000;
/** How many of the nearest stores the page's HTML carries before any script runs. */
export const PREBUILT_STORES = 12;

/** product.md 9: the feature filter list, in its order. */
export const FEATURES = [
  '24 Hours',
  'Full Serve',
  'ATM',
  'Gaming Lounge',
  'Beer',
  'Kerosene',
  'Bradley St. Cafe',
  'Lottery',
  'Charley Biggs',
  'Motel',
  'Convenience',
  'Pay at the Pump',
  'DEF',
  'Propane',
  'Diesel',
  'Rooms',
  'Ethanol Free',
  'Subway',
  'Truck Stop',
] as const;
export type Feature = (typeof FEATURES)[number];

/** product.md 5.5: the cafe filter also accepts this older feature label. */
export const CAFE_FILTER: Feature = 'Bradley St. Cafe';
export const CAFE_ALIAS = 'Bradley St. Coffee';

/** A filter's name in the URL: its label in lower case, letters and digits only ('paythepump'). */
export const filterSlug = (label: string): string => label.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Extra names the URL may use: the home page links to /stores?filter=bradleystreetcoffee (product.md 2.5). */
const SLUG_ALIASES: Record<string, Feature> = {
  bradleystreetcoffee: CAFE_FILTER,
  bradleystreetcafe: CAFE_FILTER,
  bradleystcoffee: CAFE_FILTER,
};
export function featureForSlug(slug: string): Feature | undefined {
  const key = filterSlug(slug);
  return SLUG_ALIASES[key] ?? FEATURES.find((label) => filterSlug(label) === key);
}

/** product.md 8: the alerts of the current-location link, word for word. */
export const LOCATION_MESSAGES = {
  denied: 'Please enable location services to use this feature.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  unknown: 'An unknown error occurred getting your location.',
  unsupported: 'Geolocation is not supported by this browser',
} as const;

/** product.md 9: high accuracy, 5000 ms timeout, never a cached position. */
export const LOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/** product.md 8: the geocoding helper's errors, word for word. */
export const GEOCODE_MESSAGES = {
  address: 'Provided address is invalid',
  network: 'Error fetching data',
  parse: 'Error parsing server response',
} as const;

export const storeTitle = (store: StoreItem): string => `Store #${store.data.sStoreNumber}`;
export const storePath = (store: StoreItem): string =>
  `/stores/${encodeURIComponent(store.data.sStoreNumber)}`;
export const position = (store: StoreItem): LatLng => ({
  lat: Number(store.data.sLat),
  lng: Number(store.data.sLon),
});

/** product.md 9: distances with one decimal and 'miles'. */
export const formatDistance = (miles: number): string => `${miles.toFixed(1)} miles`;

/** product.md 7: Get Directions opens a maps service with the destination from line 1, city, state, ZIP. */
export const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1&destination=';
export const directionsUrl = (d: StoreData, base = DIRECTIONS_BASE): string =>
  `${base}${encodeURIComponent(`${d.sAddr1}, ${d.sCity}, ${d.sState} ${d.sZip}`)}`;

/** '$3.459' for a posted price. */
export const formatPrice = (price: string | null): string => (price === null ? 'Not posted' : `$${price}`);
