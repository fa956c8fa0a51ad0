// The seed runner: sample data for local use and demos (`npm run seed`, scripts/seed.ts). The
// platform never imports features, so the seeders come in as a parameter: the one list is
// src/features/seeds.ts, where each feature adds its `<feature>.seed.ts`. Each seeder is idempotent
// (it adds only what is missing), so seeding can run any number of times.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface SeedContext {
  db: Kysely<Database>;
  /** One clock for the whole run, so rows seeded together share their times. */
  now: number;
}
export type Seeder = (context: SeedContext) => Promise<void>;
/** Seeders by name, run in the order listed (a later one may rely on an earlier one's rows). */
export type Seeders = Record<string, Seeder>;

/** Runs every seeder in order; answers their names. */
export async function runSeeders(
  db: Kysely<Database>,
  seeders: Seeders,
  now = Date.now(),
): Promise<string[]> {
  for (const seeder of Object.values(seeders)) await seeder({ db, now });
  return Object.keys(seeders);
}

/** True when no account exists yet: `npm run seed -- --if-empty` seeds only then. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}
