import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { checkRows, parseRows, type RowFileSpec, type RowFormat } from '../../server/import-rows.ts';
import { seedStores } from './locator.seed.ts';
import { applyPrices, applyStores, priceFile, storeFile } from './store-import.server.ts';

/** A file's text checked as `stores import` (or `stores prices`) checks it. */
const check = <S extends v.GenericSchema>(text: string, format: RowFormat, spec: RowFileSpec<S>) =>
  checkRows(parseRows(text, format, spec), spec);

const HEADER =
  'sStoreNumber,sAddr1,sAddr2,sCity,sState,sZip,sPhone,sLat,sLon,features,gas_price,diesel_price,hours';
const good = [
  '101,1 Main St,,Warren,pa,16365,814-555-0100,41.84,-79.14,ATM; Diesel;bradley st. coffee,3.459,3.999,24 hours',
  '102,2 Elm St,Suite 1,Jamestown,NY,14701,,42.09,-79.24,,3.399,,Mo-Fr 06:00-22:00; Sa-Su 07:00-01:00',
].join('\n');

describe('checking a file row by row', () => {
  test('a good CSV with product.md column names', async () => {
    const { rows, errors } = await check(`${HEADER}\n${good}\n`, 'csv', storeFile);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      store_number: '101',
      state: 'PA',
      lat: 41.84,
      features: ['ATM', 'Diesel', 'Bradley St. Coffee'],
    });
    expect(rows[1]).toMatchObject({
      addr2: 'Suite 1',
      phone: '',
      diesel_price: '',
      time_zone: 'America/New_York',
    });
  });
  test('every bad row is reported with its line and reason', async () => {
    const bad = [
      '103,,,Erie,PA,16501,,42.1,-80.1,,,,', // line 4: no address
      '104,4 Oak St,,Erie,XX,1650,,95,-80.1,Car Wash,abc,,Mo 6-22', // line 5: many reasons
      '101,dup,,Erie,PA,16501,,42.1,-80.1,,,,', // line 6: duplicate number
    ].join('\n');
    const { errors } = await check(`${HEADER}\n${good}\n${bad}\n`, 'csv', storeFile);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toBe('line 4: addr1 is required');
    expect(errors[1]).toMatch(/^line 5: /);
    for (const reason of [
      'state must be',
      'zip must be',
      'lat must be between',
      'unknown feature',
      'gas_price must look like',
      'hours',
    ]) {
      expect(errors[1]).toContain(reason);
    }
    expect(errors[2]).toBe('line 6: store_number 101 is already on line 2');
  });
  test('JSON: an array, or the API answer itself (s* fields in data)', async () => {
    const api = {
      items: [
        {
          data: {
            sStoreNumber: '7',
            sAddr1: 'x',
            sCity: 'Erie',
            sState: 'PA',
            sZip: '16501',
            sLat: '42.1',
            sLon: '-80.1',
          },
          features: ['ATM'],
          gas_price: '3.459',
        },
      ],
    };
    const { rows, errors } = await check(JSON.stringify(api), 'json', storeFile);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ store_number: '7', lat: 42.1, features: ['ATM'], gas_price: '3.459' });
    expect((await check('[{"store_number":"8"}]', 'json', storeFile)).errors[0]).toMatch(
      /^item 1: addr1 is required/,
    );
  });
});

describe('writing', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
    await seedStores({ db: t.db, now: t.now() });
  });
  afterAll(() => t.close());
  const rows = async () => (await check(`${HEADER}\n${good}\n`, 'csv', storeFile)).rows;

  test('an import replaces the sample stores and shows in GET /store at once', async () => {
    const summary = await applyStores(t.db, await rows(), { now: t.now() });
    expect(summary).toMatchObject({ added: 2, updated: 0 });
    expect(summary.removed).toBeGreaterThan(200);
    const { items } = (await t.call('GET', '/store?size=1000')).json;
    expect(items.map((s: { data: { sStoreNumber: string } }) => s.data.sStoreNumber)).toEqual(['101', '102']);
    expect(items[0]).toMatchObject({ sample: false, gas_price: '3.459', hours: '24 hours' });
  });

  test('a failing row rolls the whole import back', async () => {
    const broken = (await rows()).map((row) => ({
      ...row,
      addr1: row.store_number === '102' ? (null as unknown as string) : 'Changed',
    }));
    await expect(applyStores(t.db, broken, { now: t.now() })).rejects.toThrow();
    const { items } = (await t.call('GET', '/store?size=1000')).json;
    expect(items[0].data.sAddr1).toBe('1 Main St');
  });

  test('a price update changes the price and its time, and nothing else; unknown numbers change nothing', async () => {
    const before = (await t.call('GET', '/store/101')).json;
    t.advance(60_000);
    const prices = (await check('store_number,gas_price,diesel_price\n101,$3.299,\n', 'csv', priceFile)).rows;
    expect(await applyPrices(t.db, prices, { now: t.now() })).toEqual({ updated: 1, unknown: [] });
    const after = (await t.call('GET', '/store/101')).json;
    expect(after).toMatchObject({
      gas_price: '3.299',
      gas_price_at: t.now(),
      diesel_price: '3.999',
      diesel_price_at: before.diesel_price_at,
    });
    const withUnknown = [...prices, { store_number: '999', gas_price: '1.000', diesel_price: '' }];
    expect(await applyPrices(t.db, withUnknown, { now: t.now() })).toEqual({ updated: 0, unknown: ['999'] });
  });

  test('--replace removes stores the file does not list', async () => {
    const summary = await applyStores(t.db, (await rows()).slice(0, 1), { now: t.now(), replace: true });
    expect(summary).toEqual({ added: 0, updated: 1, removed: 1 });
  });
});
