// Sample stores (marked sample = 1; locator.sample.ts makes them), added only while the
// stores table is empty, so they never mix with an imported list.

import type { Seeder } from '../../server/db/seed.ts';
import { insertStores, sampleStoreRows } from './locator.sample.ts';

export const seedStores: Seeder = async ({ db, now }) => {
  if (await db.selectFrom('stores').select('id').limit(1).executeTakeFirst()) return;
  await insertStores(db, await sampleStoreRows(now));
};
