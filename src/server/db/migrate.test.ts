// Upgrades without downtime (docs/decisions/0011-expand-contract-migrations.md): a server of the
// previous release (whose migration list lacks the newest migration) starts against the schema the
// new release migrated, with a warning, and serves; a server that does not migrate
// (MIGRATE_ON_START=0) refuses a schema older than its own, naming the operator's step.
import type { Migration } from 'kysely/migration';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDatabase } from '../../../tests/support/empty-database.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { log } from '../log.ts';
import { checkSchema, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { closeSharedDatabase, sharedDatabase } from './shared.ts';

const names = Object.keys(migrations).sort();
const newest = names.at(-1) as string;
/** The migration list of the release before this one: all but the newest. */
const previous: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name !== newest),
);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a server of the previous release against the new schema', () => {
  let api: TestApi;

  it('starts, with a warning naming the newer migration, and answers the API', async () => {
    api = await createTestApi(); // migrated by this release
    cleanups.push(() => api.close());
    const warn = vi.spyOn(log, 'warn');

    expect(await migrateToLatest(api.db, previous)).toEqual([]);
    await checkSchema(api.db, previous);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[1]).toContain(`does not know (${newest})`);

    expect((await api.call('GET', '/health')).status).toBe(200);
    expect((await api.call('GET', '/form-ticket?form=contact')).status).toBe(200);
    const member = await api.member();
    const profile = await api.call('GET', '/me/profile', { token: member.token });
    expect(profile.status).toBe(200);
    expect(profile.json.email).toBe(member.email);
    expect((await api.call('GET', '/store')).status).toBe(200);
  });

  it('refuses a database that also lacks one of its own migrations', async () => {
    const { db } = await emptyDatabase({ postgres: true });
    // A release from another line of history: it has a migration this one lacks, and not this one's newest.
    await migrateToLatest(db, { ...previous, '9999_elsewhere': { up: async () => {} } });
    await expect(migrateToLatest(db)).rejects.toThrow(
      `The database has migrations this release does not know (9999_elsewhere) but lacks ${newest} of ` +
        'its own: deploy the release that has them all.',
    );
  });
});

describe('MIGRATE_ON_START=0', () => {
  afterEach(closeSharedDatabase);

  it('refuses a database without this release’s migrations, naming the command; starts once it ran', async () => {
    const { config, db } = await emptyDatabase({ postgres: true });
    await migrateToLatest(db, previous);
    const server = { ...config, migrateOnStart: false } as Parameters<typeof sharedDatabase>[0];
    await expect(sharedDatabase(server)).rejects.toThrow(
      `the database lacks this release's migrations ${newest} and MIGRATE_ON_START=0 keeps the server ` +
        'from running them: run `npm run admin -- db migrate` first.',
    );
    expect(await migrateToLatest(db)).toEqual([newest]); // the operator's step
    const handle = await sharedDatabase(server);
    expect(handle.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  });
});
