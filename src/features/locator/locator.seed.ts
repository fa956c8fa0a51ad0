// Sample stores (marked sample = 1; tests/factories/stores.ts makes them), added only while the
// stores table is empty, so they never mix with an imported list.
import { insertStores, sampleStoreRows } from '../../../tests/factories/stores';
import type { Seeder } from '../../server/db/seed';

export const seedStores: Seeder = async ({ db, now }) => {
  if (await db.selectFrom('stores').select('id').limit(1).executeTakeFirst()) return;
  await insertStores(db, await sampleStoreRows(now));
};
