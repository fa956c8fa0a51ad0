// Applies pending migrations (at start-up, by `npm run admin -- db migrate`, before tests); the same
// set runs on both databases. Migrations only add to the schema (expand) until a later release drops
// what no release still running uses (contract): docs/decisions/0011-expand-contract-migrations.md.
// So a database that has migrations this release does not know is one a newer release migrated:
// this release works against it (a rolling deploy's old servers, a rollback) and says so in a warning.
import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { log } from '../log.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** Kysely's default: the table where it records the migrations run. */
const MIGRATION_TABLE = 'kysely_migration';

interface MigrationState {
  /** This release's migrations the database has not run yet. */
  pending: string[];
  /** Migrations the database ran that this release does not know (a newer release's). */
  newer: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: read before any of today's tables may exist
async function migrationState(db: Kysely<any>, known: Record<string, Migration>): Promise<MigrationState> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const run = tables.some((table) => table.name === MIGRATION_TABLE)
    ? (await db.selectFrom(MIGRATION_TABLE).select('name').execute()).map((row) => String(row.name))
    : [];
  const names = Object.keys(known).sort();
  return {
    pending: names.filter((name) => !run.includes(name)),
    newer: run.filter((name) => !(name in known)).sort(),
  };
}

const warnNewer = (newer: string[]): void =>
  log.warn(
    { warning: 'migrations', newer },
    `The database has ${newer.length} migration(s) this release does not know (${newer.join(', ')}): ` +
      'a newer release migrated it. This release keeps working (migrations only add; ' +
      'docs/decisions/0011-expand-contract-migrations.md); deploy the newer release when you can.',
  );

/**
 * Runs this release's pending migrations; answers their names. A database a newer release already
 * migrated is accepted with a warning, as long as it has every migration this release knows.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  known: Record<string, Migration> = migrations,
): Promise<string[]> {
  const { pending, newer } = await migrationState(db, known);
  if (newer.length > 0) {
    if (pending.length > 0) {
      throw new Error(
        `The database has migrations this release does not know (${newer.join(', ')}) but lacks ` +
          `${pending.join(', ')} of its own: deploy the release that has them all.`,
      );
    }
    warnNewer(newer);
    return [];
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => known } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * For a server that does not migrate (MIGRATE_ON_START=0): the schema must be at least what this
 * release needs; a newer one is fine (warned). Otherwise it refuses, naming the operator's step.
 */
export async function checkSchema(
  db: Kysely<Database>,
  known: Record<string, Migration> = migrations,
): Promise<void> {
  const { pending, newer } = await migrationState(db, known);
  if (pending.length > 0) {
    throw new Error(
      `the database lacks this release's migrations ${pending.join(', ')} and MIGRATE_ON_START=0 ` +
        'keeps the server from running them: run `npm run admin -- db migrate` first.',
    );
  }
  if (newer.length > 0) warnNewer(newer);
}
