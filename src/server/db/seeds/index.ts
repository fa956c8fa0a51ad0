// Sample data, one seeder per feature. Each seeder is idempotent (it adds only what is missing),
// so `npm run seed` can run any number of times. Later features add their seeder to the list.
import type { Kysely } from 'kysely';
import { seedStores } from '../../../features/locator/locator.seed.ts';
import type { Database } from '../schema.ts';
import { seedAccounts } from './accounts.ts';

export interface SeedContext {
  db: Kysely<Database>;
  now: number;
}
export type Seeder = (context: SeedContext) => Promise<void>;

export const seeders: Record<string, Seeder> = {
  accounts: seedAccounts,
  stores: seedStores,
};

export async function runSeeders(db: Kysely<Database>, now = Date.now()): Promise<string[]> {
  for (const seeder of Object.values(seeders)) await seeder({ db, now });
  return Object.keys(seeders);
}

/** True when no account exists yet: the local server then seeds on start. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}
