// A store in the API's shape for unit tests, with only what a test cares about given.
import type { StoreItem } from './locator';

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
