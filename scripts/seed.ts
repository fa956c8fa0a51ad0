// `npm run seed`: applies the migrations and adds every feature's sample data (the demo member, and
// what later features seed; the list is src/features/seeds.ts) to the configured database: SQLite
// in DATA_DIR, or PostgreSQL via DATABASE_URL. Safe to repeat: each seeder adds only what is missing.
// `--if-empty` seeds only a database with no account yet: `npm start` and the browser tests run it
// before serving (SEED_SAMPLE_DATA=0 turns that step off). `npm run serve` never seeds.
import { Command } from 'commander';
import { seeders } from '../src/features/seeds.ts';
import { loadConfig } from '../src/server/config/index.ts';
import { isEmpty, runSeeders } from '../src/server/db/seed.ts';
import { closeDatabase, prepareDatabase } from '../src/server/lifecycle.ts';

const options = new Command('seed')
  .description('Adds the sample data (demo member and more) to the configured database')
  .option('--if-empty', 'only when the database has no account yet; skipped when SEED_SAMPLE_DATA=0')
  .parse()
  .opts<{ ifEmpty?: boolean }>();

if (options.ifEmpty && process.env.SEED_SAMPLE_DATA === '0') {
  console.log('[db] sample data not seeded (SEED_SAMPLE_DATA=0)');
} else {
  const handle = await prepareDatabase();
  const where = handle.kind === 'sqlite' ? loadConfig().dataDir : 'PostgreSQL (DATABASE_URL)';
  try {
    if (options.ifEmpty && !(await isEmpty(handle.db))) {
      console.log(`[db] sample data not seeded: ${where} already has accounts`);
    } else {
      const names = await runSeeders(handle.db, seeders);
      console.log(`[db] sample data seeded (${names.join(', ')}) in ${where}`);
    }
  } finally {
    await closeDatabase();
  }
}
