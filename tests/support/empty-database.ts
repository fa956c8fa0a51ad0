// An empty database of a test's own, for the tests of migrations: SQLite in a temporary folder, or
// (with `postgres`, under tests/support/with-postgres.sh's DATABASE_URL) a throwaway PostgreSQL
// database; closed and removed when the test ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { onTestFinished } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { createPgDatabase } from './test-api.ts';

/** `postgres`: PostgreSQL when DATABASE_URL is set (else SQLite); without it always SQLite. */
export async function emptyDatabase({ postgres = false }: { postgres?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-migration-'));
  const pg =
    postgres && process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  const config = { dataDir, databaseUrl: pg?.url };
  const handle = openDatabase(config);
  onTestFinished(async () => {
    await handle.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  return {
    /** What opened it (openDatabase's settings), for a server started on it. */
    config,
    db: handle.db,
    /** Runs the migrations up to and including `name`, as a database of that release holds them. */
    async migrateTo(name: string): Promise<void> {
      const { error } = await migrator.migrateTo(name);
      if (error) throw error;
    },
    /** Runs the rest, as this release does on start. */
    migrateToLatest: () => migrateToLatest(handle.db),
  };
}
