// Stores in the database, read and written in the API's shape (product.md 3: a `data` object with the
// s* fields, coordinates as strings, beside features and prices). Used by the API, the pages, the
// seeder and the import command, so there is one mapping between table and answer.
import type { Kysely, Selectable } from 'kysely';
import type { Database, StoresTable } from '../../server/db/schema.ts';
import type { StoreItem } from './locator.ts';

type Row = Selectable<StoresTable>;

export function toItem(row: Row): StoreItem {
  return {
    data: {
      sId: row.id,
      sStoreNumber: row.store_number,
      sAddr1: row.addr1,
      sAddr2: row.addr2,
      sCity: row.city,
      sState: row.state,
      sZip: row.zip,
      sPhone: row.phone,
      sLat: String(row.lat),
      sLon: String(row.lon),
    },
    features: parseFeatures(row.features),
    gas_price: row.gas_price,
    diesel_price: row.diesel_price,
    gas_price_at: row.gas_price_at === null ? null : Number(row.gas_price_at),
    diesel_price_at: row.diesel_price_at === null ? null : Number(row.diesel_price_at),
    hours: row.hours,
    time_zone: row.time_zone,
    sample: Number(row.sample) === 1,
  };
}

function parseFeatures(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Stores ordered by number (numerically where they are numbers), at most `limit`. */
export async function listStores(db: Kysely<Database>, limit: number, offset = 0): Promise<StoreItem[]> {
  const rows = await db.selectFrom('stores').selectAll().execute();
  return rows
    .sort((a, b) => a.store_number.localeCompare(b.store_number, 'en', { numeric: true }))
    .slice(offset, offset + limit)
    .map(toItem);
}

export const countStores = async (db: Kysely<Database>): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function findStore(db: Kysely<Database>, number: string): Promise<StoreItem | undefined> {
  // A NUL is no store's number, and PostgreSQL refuses to look one up (a 500 of the store page,
  // /stores/1%00.html, found by the fuzzer).
  if (number.includes('\u0000')) return undefined;
  const row = await db.selectFrom('stores').selectAll().where('store_number', '=', number).executeTakeFirst();
  return row ? toItem(row) : undefined;
}
