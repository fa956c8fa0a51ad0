// `stores export` writes what `stores import` reads back: the same stores, prices (a store without
// one included), hours and features.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { readRowFile } from '../../server/import-rows.ts';
import { seedStores } from './locator.seed.ts';
import { applyStores, storeExport, storeFile } from './store-import.server.ts';
import { listStores } from './store-rows.server.ts';

let t: TestApi;
const dir = mkdtempSync(join(tmpdir(), 'kwikfill-store-export-'));
beforeAll(async () => {
  t = await createTestApi();
  await seedStores({ db: t.db, now: t.now() });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a store is, without what the import makes anew (its id, the sample mark, the price times). */
const stores = async () =>
  (await listStores(t.db, Number.MAX_SAFE_INTEGER)).map(
    ({ data: { sId: _, ...data }, sample: _s, gas_price_at: _g, diesel_price_at: _d, ...rest }) => ({
      data,
      ...rest,
    }),
  );

it('stores export writes a file stores import reads back as the same list', async () => {
  const before = await stores();
  expect(before.some((store) => store.diesel_price === null)).toBe(true);
  const file = join(dir, 'stores.json');
  writeFileSync(file, await storeExport(t.db));
  const read = await readRowFile(file, storeFile);
  if (read.status !== 'valid') throw new Error(JSON.stringify(read));
  await applyStores(t.db, read.rows, { now: t.now() });
  expect(await stores()).toEqual(before);
});
