// What a store's own page (/stores/{number}) shows beyond the list: schema.org GasStation JSON-LD
// with address, geo, telephone and opening hours, and the lines of its weekly hours.
import { openingHoursSpecification, parseHours, type Week } from './hours.ts';
import { type StoreItem, storeTitle } from './locator.ts';
import { displayPhone } from './phone.ts';

export function weekOf(store: StoreItem): Week | undefined {
  try {
    return parseHours(store.hours);
  } catch {
    return undefined; // the import checks hours; an old row with bad text shows none
  }
}

export function storeJsonLd(store: StoreItem, siteUrl: string, brand: string) {
  const { data } = store;
  const week = weekOf(store);
  const url = new URL(`/stores/${encodeURIComponent(data.sStoreNumber)}`, siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'GasStation',
    '@id': url,
    url,
    name: `${brand} ${storeTitle(store)}`,
    brand: { '@type': 'Brand', name: brand },
    address: {
      '@type': 'PostalAddress',
      streetAddress: [data.sAddr1, data.sAddr2].filter(Boolean).join(', '),
      addressLocality: data.sCity,
      addressRegion: data.sState,
      postalCode: data.sZip,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: Number(data.sLat), longitude: Number(data.sLon) },
    ...(data.sPhone ? { telephone: displayPhone(data.sPhone) } : {}),
    ...(week ? { openingHoursSpecification: openingHoursSpecification(week) } : {}),
    amenityFeature: store.features.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
  };
}

/** JSON inside a <script> element: '<' escaped so no text can end the element early. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');
