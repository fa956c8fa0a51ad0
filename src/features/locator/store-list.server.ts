// The answer of GET /store?size=1000, made once per change of the stores rather than per request:
// reading 300 rows, writing 135 KB of JSON, hashing and compressing it cost about 5 ms of CPU a
// request (bench: 0.06 of a bare server sending the same bytes). A change is seen by the table's
// fingerprint (src/server/data-fingerprint.ts: read at most once a second), so a price change shows
// within a second, in every server process, without a rebuild or a restart.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { dataFingerprint } from '../../server/data-fingerprint.ts';
import type { Database } from '../../server/db/schema.ts';
import { STORE_LIST_SIZE, type StoreItem, type StorePricesAnswer } from './locator.ts';
import { countStores, listStores } from './store-rows.server.ts';

export type ListEncoding = 'br' | 'gzip' | 'identity';
type Bytes = Uint8Array<ArrayBuffer>;

interface StoreList {
  fingerprint: string;
  etag: string;
  body: string;
  encoded: Partial<Record<ListEncoding, Bytes>>;
  /** The prices answer (GET /store-prices) made from this list, on first need. */
  prices?: StorePricesAnswer;
}

const lists = new WeakMap<Kysely<Database>, Map<string, StoreList>>();

export { FINGERPRINT_REUSE_MS } from '../../server/data-fingerprint.ts';

/** Same bytes, same tag; the tag changes with any store, price or hour. */
const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The list's JSON and ETag for this page of stores, made again only when the stores changed. */
export async function storeList(
  db: Kysely<Database>,
  size: number,
  page: number,
  now: number,
): Promise<StoreList> {
  const byPage = lists.get(db) ?? new Map<string, StoreList>();
  lists.set(db, byPage);
  const key = `${size}:${page}`;
  const fingerprint = await dataFingerprint(db, 'stores', now);
  const kept = byPage.get(key);
  if (kept?.fingerprint === fingerprint) return kept;
  const [items, total] = await Promise.all([listStores(db, size, page * size), countStores(db)]);
  const body = JSON.stringify({ items, total, page, size });
  const made: StoreList = { fingerprint, etag: etagOf(body), body, encoded: {} };
  if (byPage.size > 20) byPage.clear(); // a handful of sizes and pages are ever asked for
  byPage.set(key, made);
  return made;
}

/** The list's bytes in `encoding`, compressed on first need and kept with the list. */
export function encodedList(list: StoreList, encoding: ListEncoding): Bytes {
  const compress = {
    br: () => brotliCompressSync(list.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: () => gzipSync(list.body, { level: 9 }),
    identity: () => Buffer.from(list.body),
  }[encoding];
  list.encoded[encoding] ??= compress() as Bytes;
  return list.encoded[encoding];
}

/**
 * Every store's prices by store number: the one answer the kept pages read their prices from
 * (GET /store-prices; docs/decisions/0018-edge-holds-the-day.md), made once per change of the stores.
 */
export async function storePrices(db: Kysely<Database>, now: number): Promise<StorePricesAnswer> {
  const list = await storeList(db, STORE_LIST_SIZE, 0, now);
  if (list.prices) return list.prices;
  const items = (JSON.parse(list.body) as { items: StoreItem[] }).items;
  const prices: StorePricesAnswer['prices'] = {};
  for (const { data, gas_price, diesel_price, gas_price_at, diesel_price_at } of items)
    prices[data.sStoreNumber] = { gas_price, diesel_price, gas_price_at, diesel_price_at };
  list.prices = { prices };
  return list.prices;
}
