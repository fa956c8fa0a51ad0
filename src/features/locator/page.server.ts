// What the on-demand locator pages render before any script runs: the stores nearest the default
// position (or the search in the URL, so the form works without JavaScript too), from the API
// through the in-process client (the list the island reads, made once per change of the stores:
// store-list.server.ts), so an import or a price change shows at once, with no rebuild.
import { inProcessApi, readOrMissing } from '../../server/in-process-client.ts';
import { getDeps } from '../../server/runtime.ts';
import { findAddress } from './gazetteer.server.ts';
import {
  DEFAULT_CENTER,
  type LatLng,
  type PlacedStore,
  PREBUILT_STORES,
  STORE_LIST_SIZE,
  type StoreItem,
  type StoreListAnswer,
  withoutPrices,
} from './locator.ts';
import { listFor, readUrlState, type UrlState } from './search.ts';

export interface LocatorPage {
  state: UrlState;
  stores: PlacedStore[];
  origin: LatLng;
  total: number;
  sample: boolean;
  /** The street basemap's PMTiles extract on this site, when the operator set one (mapTiles). */
  tiles: string | undefined;
}

/** PUBLIC_MAP_PMTILES_URL, read at run time: placing an extract needs no rebuild. */
export const mapTiles = async (): Promise<string | undefined> => (await getDeps()).config.mapPmtilesUrl;

export async function locatorPage(url: URL): Promise<LocatorPage> {
  const answer = await inProcessApi().store.$get({ query: { size: String(STORE_LIST_SIZE) } });
  const all = ((await answer.json()) as StoreListAnswer).items;
  const state = readUrlState(url.search);
  let origin = DEFAULT_CENTER;
  let result = listFor(all, state.q, state.filters, origin);
  if (!result.matched) {
    // The same fallback as the island: the place from the gazetteer, else the default centre.
    const place = await findAddress(state.q);
    if (place) {
      origin = { lat: place.lat, lng: place.lng };
      result = listFor(all, state.q, state.filters, origin);
    }
  }
  return {
    state,
    // No prices in the kept HTML: the island shows them from the list it reads (docs/decisions/0018).
    stores: result.stores.slice(0, PREBUILT_STORES).map(withoutPrices),
    origin,
    total: all.length,
    sample: all.some((store) => store.sample),
    tiles: await mapTiles(),
  };
}

export async function storePage(number: string | undefined): Promise<StoreItem | undefined> {
  if (!number || number.length > 20) return undefined;
  return readOrMissing(inProcessApi().store[':number'].$get({ param: { number } }));
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/**
 * The sitemap of /stores and every store page, last modified when the store last changed. Read
 * from the database: the time a store row last changed is no part of the API's answers.
 */
export async function storeSitemap(siteUrl: string): Promise<string> {
  const { db } = await getDeps();
  const rows = await db.selectFrom('stores').select(['store_number', 'updated_at']).execute();
  const urls = rows.map(
    (row) =>
      `<url><loc>${xml(new URL(`/stores/${encodeURIComponent(row.store_number)}`, siteUrl).href)}</loc><lastmod>${new Date(Number(row.updated_at)).toISOString()}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${xml(new URL('/stores', siteUrl).href)}</loc></url>${urls.join('')}</urlset>\n`;
}
