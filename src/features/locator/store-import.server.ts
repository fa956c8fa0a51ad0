// Store files as the shared row importer reads them (rows of store-import.ts's schemas, every bad
// row reported with its line or item, no two rows for one store), and writing them to the database:
// all rows in one transaction, so a failure leaves the previous list untouched. The API reads the
// table on every request, so the new list and prices show at once, with no rebuild.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { RowFileSpec } from '../../server/import-rows.ts';
import { terminalJson } from '../../server/terminal-text.ts';
import { STORE_LIST_SIZE } from './locator.ts';
import {
  fieldName,
  type PriceRow,
  priceRow,
  STORE_FILE_NOT_A_LIST,
  type StoreRow,
  storeJsonRows,
  storeRow,
} from './store-import.ts';
import { listStores } from './store-rows.server.ts';

const storeFileSpec = <S extends typeof storeRow | typeof priceRow>(schema: S): RowFileSpec<S> => ({
  schema,
  notAList: STORE_FILE_NOT_A_LIST,
  jsonRows: storeJsonRows,
  fieldName,
  unique: {
    key: (row) => row.store_number,
    message: (number, first) => `store_number ${number} is already on ${first}`,
  },
});

/** `stores import`: the store list. */
export const storeFile = storeFileSpec(storeRow);
/** `stores prices`: price updates. */
export const priceFile = storeFileSpec(priceRow);

/** `stores export`: the store list as the API gives it, a file `stores import` reads back. */
export const storeExport = async (db: Kysely<Database>): Promise<string> =>
  terminalJson({ items: await listStores(db, STORE_LIST_SIZE * 100) }, 2);

export interface ApplyOptions {
  now: number;
  /** Remove every store the file does not list (sample stores are always removed). */
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface StoreSummary {
  added: number;
  updated: number;
  removed: number;
}

export async function applyStores(
  db: Kysely<Database>,
  rows: StoreRow[],
  options: ApplyOptions,
): Promise<StoreSummary> {
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    const existing = new Map(
      (
        await trx
          .selectFrom('stores')
          .select(['id', 'store_number', 'gas_price', 'diesel_price', 'sample'])
          .execute()
      ).map((r) => [r.store_number, r]),
    );
    const summary: StoreSummary = { added: 0, updated: 0, removed: 0 };
    const listed = new Set(rows.map((r) => r.store_number));
    for (const [number, row] of existing) {
      if (listed.has(number) && Number(row.sample) !== 1) continue;
      if (!options.replace && Number(row.sample) !== 1) continue;
      await trx.deleteFrom('stores').where('id', '=', row.id).execute();
      existing.delete(number);
      summary.removed++;
    }
    let done = 0;
    for (const row of rows) {
      const before = existing.get(row.store_number);
      const values = {
        addr1: row.addr1,
        addr2: row.addr2,
        city: row.city,
        state: row.state,
        zip: row.zip,
        phone: row.phone,
        lat: row.lat,
        lon: row.lon,
        features: JSON.stringify(row.features),
        hours: row.hours,
        time_zone: row.time_zone,
        sample: 0,
        updated_at: now,
        ...priceValues(row, before, now),
      };
      if (before) {
        await trx.updateTable('stores').set(values).where('id', '=', before.id).execute();
        summary.updated++;
      } else {
        await trx
          .insertInto('stores')
          .values({ id: randomUUID(), store_number: row.store_number, ...values })
          .execute();
        summary.added++;
      }
      options.onProgress?.(++done, rows.length);
    }
    return summary;
  });
}

/** A price's time changes only when the price does; an empty price in the file leaves it as it is. */
function priceValues(
  row: Pick<PriceRow, 'gas_price' | 'diesel_price'>,
  before: { gas_price: string | null; diesel_price: string | null } | undefined,
  now: number,
) {
  const values: {
    gas_price?: string;
    gas_price_at?: number;
    diesel_price?: string;
    diesel_price_at?: number;
  } = {};
  if (row.gas_price !== '' && row.gas_price !== before?.gas_price) {
    values.gas_price = row.gas_price;
    values.gas_price_at = now;
  }
  if (row.diesel_price !== '' && row.diesel_price !== before?.diesel_price) {
    values.diesel_price = row.diesel_price;
    values.diesel_price_at = now;
  }
  return values;
}

/** Price updates; every store number must exist (checked first, inside the same transaction). */
export async function applyPrices(
  db: Kysely<Database>,
  rows: PriceRow[],
  options: ApplyOptions,
): Promise<{ updated: number; unknown: string[] }> {
  return db.transaction().execute(async (trx) => {
    const existing = new Map(
      (
        await trx.selectFrom('stores').select(['id', 'store_number', 'gas_price', 'diesel_price']).execute()
      ).map((r) => [r.store_number, r]),
    );
    const unknown = rows.filter((r) => !existing.has(r.store_number)).map((r) => r.store_number);
    if (unknown.length > 0) return { updated: 0, unknown };
    let done = 0;
    let updated = 0;
    for (const row of rows) {
      const before = existing.get(row.store_number);
      const values = priceValues(row, before, options.now);
      if (before && Object.keys(values).length > 0) {
        await trx
          .updateTable('stores')
          .set({ ...values, updated_at: options.now })
          .where('id', '=', before.id)
          .execute();
        updated++;
      }
      options.onProgress?.(++done, rows.length);
    }
    return { updated, unknown };
  });
}
