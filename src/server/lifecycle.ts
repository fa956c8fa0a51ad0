// Start and stop of the Node server (src/server/http/server.ts), `npm run seed` and the operator commands.
import type { Server } from 'node:http';
import { loadConfig, parseEnv, prepareFiles, warnAboutConfig } from './config/index.ts';
import { closeSharedDatabase, sharedDatabase } from './db/shared.ts';
import { log } from './log.ts';
import { draining, startDraining } from './probes.ts';
import { checkStorage } from './storage-check.ts';

/**
 * The configured database (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrated; never
 * seeded. First the settings it refuses to start with (loadConfig throws ConfigError, every mistake
 * listed), then their folders and generated secret (prepareFiles: a folder that cannot be made
 * stops here, one line), then the disk: a read-only or full data folder stops here (StorageError, one line).
 */
export async function prepareDatabase() {
  const config = prepareFiles(loadConfig());
  checkStorage(config);
  return sharedDatabase(config);
}

export const closeDatabase = closeSharedDatabase;

/** Logs, once, the settings that would leave the site quietly broken (no human check, say). */
export const warnAboutSettings = (): void => warnAboutConfig(loadConfig());

/**
 * Clean shutdown. On SIGTERM (a deploy, a process manager) the server drains first: /readyz answers
 * 503 at once (src/server/probes.ts) so the load balancer takes it out of rotation, and for
 * DRAIN_SECONDS every request is still answered, each with `Connection: close` so that the client's
 * next request opens a connection elsewhere. Then, as at once on SIGINT (Ctrl-C) or a second signal:
 * stop accepting connections, let requests in flight finish, `close` (the database: SQLite
 * checkpoints its WAL) and exit 0. Requests still running after `graceMs` are cut off so that the
 * database closes anyway; exit 1 if even that hangs.
 */
export function onShutdown(
  server: Server,
  close: () => Promise<void>,
  { graceMs = 5000, drainMs = parseEnv().env.DRAIN_SECONDS * 1000 } = {},
): void {
  let closing = false;
  const closeNow = () => {
    if (closing) return;
    closing = true;
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
  // First of the request listeners, so that the header is set before any handler answers.
  server.prependListener('request', (_req, res) => {
    if (draining()) res.setHeader('Connection', 'close');
  });
  const stop = (signal: NodeJS.Signals) => {
    if (draining() || signal !== 'SIGTERM' || drainMs <= 0) {
      startDraining();
      return closeNow();
    }
    startDraining();
    log.info({ drain_ms: drainMs }, 'SIGTERM: draining (/readyz answers 503), then closing');
    setTimeout(closeNow, drainMs);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
