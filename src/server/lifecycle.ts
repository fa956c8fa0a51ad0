// Start and stop of the Node server (src/server/http/server.ts), `npm run seed` and the operator commands.
// Loaded by Node directly (type stripping), so everything it imports uses `.ts` import paths.
import type { Server } from 'node:http';
import { configErrors, loadConfig, warnAboutConfig } from './config.ts';
import { closeSharedDatabase, sharedDatabase } from './db/shared.ts';
import { log } from './log.ts';
import { checkStorage } from './storage-check.ts';

/**
 * The configured database (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrated; never
 * seeded. First the settings it refuses to start with (configErrors), then the disk: a read-only or full data folder stops here (StorageError, one line).
 */
export async function prepareDatabase() {
  const [refusal] = configErrors();
  if (refusal) throw new Error(`[config] ${refusal}`);
  const config = loadConfig();
  checkStorage(config);
  return sharedDatabase(config);
}

export const closeDatabase = closeSharedDatabase;

/** Logs, once, the settings that would leave the site quietly broken (no human check, say). */
export const warnAboutSettings = (): void => warnAboutConfig(loadConfig());

/**
 * Clean shutdown on SIGINT and SIGTERM: stop accepting connections, let requests in flight finish,
 * then `close` (the database: SQLite checkpoints its WAL) and exit 0. Requests still running after
 * `graceMs` are cut off so that the database closes anyway; exit 1 if even that hangs.
 */
export function onShutdown(server: Server, close: () => Promise<void>, { graceMs = 5000 } = {}): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'closing the database failed');
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), graceMs).unref();
    setTimeout(() => process.exit(1), graceMs * 2).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
}
