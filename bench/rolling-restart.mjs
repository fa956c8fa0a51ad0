// Failed requests during a rolling restart under load (target 0: bench/targets.mjs).
// Two built servers on one database (one SQLite data folder, as two processes share it; or one
// PostgreSQL database under tests/support/with-postgres.sh), and in
// front of them, as a load balancer would be, a small round-robin client that sends each request
// to the next server in rotation; a health checker takes a server out of rotation while its
// /readyz fails and puts it back once it passes. Under steady load each server in turn gets
// SIGTERM (it drains: /readyz 503, answers for DRAIN_SECONDS, exits 0), is started again on its
// port, and rejoins. Every request that did not get its 200 counts as failed.
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { freshPostgresDatabase } from '../tests/system/helpers.ts';
import { writePart } from './results.mjs';

const CONCURRENCY = 8;
const CHECK_EVERY_MS = 100; // a balancer's health-check interval (scaled down from seconds)
// Above the interval: the balancer notices before the server stops. ROLLING_DRAIN_SECONDS=0 shows
// the restart without a drain (30 of 2,452 requests failed in one trial).
const DRAIN_SECONDS = Number(process.env.ROLLING_DRAIN_SECONDS ?? 2);
const PATHS = ['/api/v1/store?size=5', '/', '/api/v1/health'];
const headers = { 'x-api-key': DEFAULT_API_KEY };

// Under tests/support/with-postgres.sh (DATABASE_URL set) both servers share a fresh PostgreSQL
// database instead, as servers on two machines would.
const database = await freshPostgresDatabase();
const env = {
  DRAIN_SECONDS: String(DRAIN_SECONDS),
  LOG_LEVEL: 'warn',
  ...(database ? { DATABASE_URL: database.url } : {}),
};
const first = await startBuiltServer({ seed: true, env });
const second = await startBuiltServer({ dataDir: first.dataDir, ownsDataDir: false, env });
const servers = [first, second];
const inRotation = new Set(servers.map((server) => server.base));

let checking = true;
const checker = (async () => {
  while (checking) {
    await Promise.all(
      servers.map(async ({ base }) => {
        const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) inRotation.add(base);
        else inRotation.delete(base);
      }),
    );
    await sleep(CHECK_EVERY_MS);
  }
})();

const counts = { sent: 0, failed: 0, noServer: 0 };
const failures = [];
let turn = 0;
let loading = true;
const worker = async () => {
  while (loading) {
    const rotation = [...inRotation];
    if (rotation.length === 0) {
      counts.noServer++;
      await sleep(10);
      continue;
    }
    const base = rotation[turn++ % rotation.length];
    const path = PATHS[turn % PATHS.length];
    counts.sent++;
    try {
      const response = await fetch(base + path, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    } catch (error) {
      counts.failed++;
      if (failures.length < 10) failures.push(`${base}${path}: ${error.cause?.code ?? error.message}`);
    }
  }
};

const started = performance.now();
const load = Array.from({ length: CONCURRENCY }, worker);
await sleep(1000); // steady load first
for (const [index, server] of servers.entries()) {
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`server ${index + 1} exited with ${code} after SIGTERM`);
  servers[index] = await startBuiltServer({
    dataDir: first.dataDir,
    port: Number(new URL(server.base).port),
    ownsDataDir: false,
    env,
  });
  while (!inRotation.has(server.base)) await sleep(CHECK_EVERY_MS);
}
await sleep(1000);
loading = false;
await Promise.all(load);
checking = false;
await checker;
const seconds = (performance.now() - started) / 1000;
for (const server of servers) await server.stop('SIGINT');
await first.close();
await database?.drop();

const figures = {
  database: database ? 'PostgreSQL' : 'SQLite',
  servers: 2,
  concurrency: CONCURRENCY,
  drainSeconds: DRAIN_SECONDS,
  checkEveryMs: CHECK_EVERY_MS,
  requests: counts.sent,
  failed: counts.failed,
  seconds: Number(seconds.toFixed(1)),
  failures,
};
console.log(JSON.stringify(figures));
writePart(database ? 'rolling-postgres' : 'rolling', figures);
