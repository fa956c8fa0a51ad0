// Start and stop of the local server (scripts/serve.mjs) and `npm run seed` (scripts/seed.mjs).
// Loaded by Node directly (type stripping), so everything it imports uses `.ts` import paths.
import { loadConfig } from './config.ts';
import { isEmpty, runSeeders } from './db/seeds/index.ts';
import { closeSharedDatabase, sharedDatabase } from './db/shared.ts';

/**
 * Migrates, and seeds sample data when there is no account yet (or always, with `seed: 'always'`;
 * never with `seed: 'never'`: the server seeds only when SEED_SAMPLE_DATA=1, as `npm start` sets).
 */
export async function prepareDatabase({
  seed = 'if-empty',
}: {
  seed?: 'if-empty' | 'always' | 'never';
} = {}) {
  const config = loadConfig();
  const handle = await sharedDatabase(config);
  const where = handle.kind === 'sqlite' ? config.dataDir : 'PostgreSQL (DATABASE_URL)';
  if (seed === 'always' || (seed === 'if-empty' && (await isEmpty(handle.db)))) {
    const names = await runSeeders(handle.db);
    console.log(`[db] sample data seeded (${names.join(', ')}) in ${where}`);
  }
  return handle;
}

export const closeDatabase = closeSharedDatabase;
