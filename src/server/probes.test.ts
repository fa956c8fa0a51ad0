// The load balancer's probes (src/server/probes.ts): /healthz while the process runs, /readyz only
// while the database answers in time and the server is not draining; never cached.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../tests/support/test-api.ts';
import type { Config } from './config/index.ts';
import { closeSharedDatabase, sharedDatabase } from './db/shared.ts';
import { probe, probeResponse, startDraining } from './probes.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await closeSharedDatabase();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('kwikfill.draining')];
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A database that answers: SQLite in a temp folder, or PostgreSQL under DATABASE_URL. */
async function workingDatabase(): Promise<Config> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-probes-'));
  const pg = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  cleanups.push(async () => {
    await closeSharedDatabase();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const config = { dataDir, databaseUrl: pg?.url } as Config;
  // Opened and migrated first, as the server's start does: the probe then asks one query, not the
  // migrations of a new database within its 2 s (which a busy machine may not give).
  await sharedDatabase(config);
  return config;
}

/** A TCP port that accepts connections and never says a word (a database that hangs). */
async function silentPort(): Promise<number> {
  const server: Server = createServer(() => {});
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    server.close();
  });
  return (server.address() as { port: number }).port;
}

const unreachable = { dataDir: tmpdir(), databaseUrl: 'postgres://kwikfill@127.0.0.1:1/none' } as Config;

describe('/healthz', () => {
  it('answers 200 whatever the database does', async () => {
    expect(await probe('/healthz', { config: unreachable })).toEqual({ status: 200, body: { ok: true } });
    startDraining();
    expect((await probe('/healthz', { config: unreachable })).status).toBe(200);
  });
});

describe('/readyz', () => {
  it('answers 200 while the database answers, never to be cached', async () => {
    const config = await workingDatabase();
    expect(await probe('/readyz', { config })).toEqual({ status: 200, body: { ok: true } });
    const response = await probeResponse('/healthz');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 503 when the database cannot be reached', async () => {
    expect(await probe('/readyz', { config: unreachable })).toEqual({
      status: 503,
      body: { ok: false, reason: 'database' },
    });
  });

  it('answers 503 when the database does not answer within the timeout', async () => {
    const port = await silentPort();
    const config = { dataDir: tmpdir(), databaseUrl: `postgres://kwikfill@127.0.0.1:${port}/none` } as Config;
    expect(await probe('/readyz', { config, timeoutMs: 50 })).toEqual({
      status: 503,
      body: { ok: false, reason: 'database' },
    });
  });

  it('answers 503 from the moment the server drains, the database answering or not', async () => {
    const config = await workingDatabase();
    expect((await probe('/readyz', { config })).status).toBe(200);
    startDraining();
    expect(await probe('/readyz', { config })).toEqual({
      status: 503,
      body: { ok: false, reason: 'draining' },
    });
  });
});
