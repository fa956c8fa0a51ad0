// `npm run seed`: applies the migrations and adds the sample data (the demo member, and what later
// features seed) to the configured database: SQLite in DATA_DIR, or PostgreSQL via DATABASE_URL.
// Safe to repeat: each seeder adds only what is missing.
import { closeDatabase, prepareDatabase } from '../src/server/lifecycle.ts';

await prepareDatabase({ seed: 'always' });
await closeDatabase();
