// One database handle per process. The Node server (src/server/http/server.ts) opens it (migrated)
// before listening, and the on-demand pages find the same handle here, so both use one connection
// and one shutdown. The handle lives on globalThis because the server's bundle (dist/http) and
// Astro's (dist/server) load separate copies of this module.
import type { Settings } from '../config/index.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { checkSchema, migrateToLatest } from './migrate.ts';

interface Shared {
  handle?: Promise<DatabaseHandle>;
  beforeClose: Set<() => Promise<void>>;
}

const KEY = Symbol.for('kwikfill.database');
const shared = (): Shared => {
  const scope = globalThis as typeof globalThis & { [KEY]?: Shared };
  scope[KEY] ??= { beforeClose: new Set() };
  return scope[KEY];
};

/**
 * The process's database, opened and migrated on first use; with MIGRATE_ON_START=0 (migrations
 * run as an operator step, `npm run admin -- db migrate`) only checked to have this release's schema.
 */
export function sharedDatabase(config: Settings): Promise<DatabaseHandle> {
  const state = shared();
  state.handle ??= (async () => {
    const handle = openDatabase(config);
    try {
      if (config.migrateOnStart === false) await checkSchema(handle.db);
      else await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    return handle;
  })().catch((error) => {
    state.handle = undefined; // let the next request try again (e.g. PostgreSQL was not up yet)
    throw error;
  });
  return state.handle;
}

/** Work to finish before the database closes (mail still being sent, for one). */
export function beforeDatabaseClose(task: () => Promise<void>): void {
  shared().beforeClose.add(task);
}

export async function closeSharedDatabase(): Promise<void> {
  const state = shared();
  for (const task of state.beforeClose) await task().catch(() => {});
  state.beforeClose.clear();
  const handle = state.handle;
  state.handle = undefined;
  if (handle) await (await handle.catch(() => undefined))?.close();
}
