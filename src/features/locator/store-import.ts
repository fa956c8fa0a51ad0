// What a row of the operators' store files (CSV or JSON) must hold: the store list (`stores import`)
// and price updates (`stores prices`), with the column names they may use. Pure: the shared row
// importer (src/server/import-rows.ts) checks files with these, store-import.server.ts writes them.
import * as v from 'valibot';
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';
import { numberOrText, optionalString, requiredText } from '../../lib/fields.ts';
import { US_STATE_CODES } from '../../lib/us-states.ts';
import { parseHours } from './hours.ts';
import { CAFE_ALIAS, FEATURES } from './locator.ts';

/** Column names accepted for each field: ours, product.md's s* names, and common spellings. */
const ALIASES: Record<string, string> = {
  sstorenumber: 'store_number',
  storenumber: 'store_number',
  number: 'store_number',
  store: 'store_number',
  saddr1: 'addr1',
  address1: 'addr1',
  address: 'addr1',
  saddr2: 'addr2',
  address2: 'addr2',
  scity: 'city',
  sstate: 'state',
  szip: 'zip',
  zipcode: 'zip',
  sphone: 'phone',
  slat: 'lat',
  latitude: 'lat',
  slon: 'lon',
  lng: 'lon',
  longitude: 'lon',
  gasprice: 'gas_price',
  gas: 'gas_price',
  dieselprice: 'diesel_price',
  diesel: 'diesel_price',
  timezone: 'time_zone',
};
/** The field a column names: ours as written, or an alias. */
export const fieldName = (key: string) => {
  const compact = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return ALIASES[compact] ?? key.toLowerCase().trim();
};

const text = requiredText;
const optionalText = (max: number) => optionalString(max, 'too long');
const number = (name: string, min: number, max: number) =>
  v.pipe(
    numberOrText(/^-?\d+(\.\d+)?$/, `${name} must be a number`, `${name} is required`),
    v.minValue(min, `${name} must be between ${min} and ${max}`),
    v.maxValue(max, `${name} must be between ${min} and ${max}`),
  );
/** A price, or empty: none given, or null (a store without one, as `stores export` writes it). */
const price = (name: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.null()]),
      v.transform((value) => (value === null ? '' : String(value).trim().replace(/^\$/, ''))),
      v.check((value) => value === '' || /^\d{1,2}\.\d{2,3}$/.test(value), `${name} must look like 3.459`),
    ),
    '',
  );
const KNOWN = new Map<string, string>([...FEATURES, CAFE_ALIAS].map((label) => [label.toLowerCase(), label]));
const features = v.optional(
  v.pipe(
    v.union([v.array(v.string()), v.string()], 'features must be a list'),
    v.transform((value) =>
      (Array.isArray(value) ? value : value.split(/[;|]/)).map((f) => f.trim()).filter(Boolean),
    ),
    v.check(
      (list) => list.every((f) => KNOWN.has(f.toLowerCase())),
      'features: unknown feature (see the 19 filters)',
    ),
    v.transform((list) => [...new Set(list.map((f) => KNOWN.get(f.toLowerCase()) as string))]),
  ),
  [],
);
const validZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const storeRow = v.object({
  store_number: v.pipe(
    text('store_number', 20),
    v.regex(/^[A-Za-z0-9-]+$/, 'store_number: letters, digits and dashes only'),
  ),
  addr1: text('addr1', 120),
  addr2: optionalText(120),
  city: text('city', 60),
  state: v.pipe(
    text('state', 2),
    v.toUpperCase(),
    v.picklist(US_STATE_CODES, 'state must be a two-letter US state code'),
  ),
  zip: v.pipe(text('zip', 10), v.regex(/^\d{5}(-\d{4})?$/, 'zip must be 5 digits or 5+4')),
  phone: optionalText(30),
  lat: number('lat', -90, 90),
  lon: number('lon', -180, 180),
  features,
  gas_price: price('gas_price'),
  diesel_price: price('diesel_price'),
  hours: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((h) => tryHours(h) === undefined, 'hours: see the format in docs/operations.md'),
    ),
    '',
  ),
  time_zone: v.optional(
    v.pipe(v.string(), v.trim(), v.check(validZone, 'time_zone is not a known time zone')),
    CHAIN_TIME_ZONE,
  ),
});
export type StoreRow = v.InferOutput<typeof storeRow>;

export const priceRow = v.object({
  store_number: text('store_number', 20),
  gas_price: price('gas_price'),
  diesel_price: price('diesel_price'),
});
export type PriceRow = v.InferOutput<typeof priceRow>;

function tryHours(hours: string): string | undefined {
  try {
    parseHours(hours);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The rows of a JSON store file: an array, or the API's own answer (`{ items }`, as `stores export`
 * prints it), whose s* fields sit in each item's `data`.
 */
export function storeJsonRows(parsed: unknown): unknown[] | undefined {
  const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) return undefined;
  return list.map((item) => {
    const { data, ...rest } = (item ?? {}) as { data?: Record<string, unknown> };
    return { ...(data ?? {}), ...rest };
  });
}

export const STORE_FILE_NOT_A_LIST = 'the JSON file must hold an array of stores (or { "items": [...] })';
