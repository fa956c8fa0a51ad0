// Server benchmark: the production server (`node scripts/serve.mjs`, as `npm run serve` starts it)
// measured side by side with a bare node:http server sending the same bytes (bench/bare-server.mjs),
// on loopback, with autocannon. Reports requests/s, p50/p99 latency and the ratio ours/bare for a
// content page and for GET /api/v1/health, and the server's resident memory (VmRSS) at rest after
// start and after its load. Each server's CPU time per request is shown too: on a busy machine it
// holds steadier than requests/s. Run after a build: `npm run bench` does both. BENCH_SECONDS sets the
// length of each measured run (default 7.5: the server gets 15 s of measured load in all).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 7.5);
const page = process.env.BENCH_PAGE ?? '/charge-card';
const connections = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-bench-'));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Starts a child process and resolves once it prints `ready` (a RegExp; group 1 may hold the port). */
function start(args, env, ready) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const read = (chunk) => {
      output += chunk;
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: match[1] });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
};

const oursPort = await freePort();
const ours = await start(
  ['scripts/serve.mjs'],
  { PORT: String(oursPort), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_SAMPLE_DATA: '0' },
  /Serving on/,
);
const bare = await start(['bench/bare-server.mjs'], { BENCH_PAGE: page }, /PORT (\d+)/);
await sleep(2000); // let start-up work settle before reading memory at rest
const restRss = rssMb(ours.child.pid);

const targets = {
  ours: `http://127.0.0.1:${oursPort}`,
  bare: `http://127.0.0.1:${bare.port}`,
};
const cases = [
  { name: `content page ${page}`, path: page, headers: { 'accept-encoding': 'br, gzip' } },
  {
    name: 'GET /api/v1/health',
    path: '/api/v1/health',
    headers: { 'x-api-key': process.env.PUBLIC_API_KEY ?? DEFAULT_API_KEY },
  },
];

/** CPU time (user + system) a process has used, in ms: steadier than req/s on a busy machine. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
};

const run = async (name, { path, headers }, duration) => {
  const pid = (name === 'ours' ? ours : bare).child.pid;
  const before = cpuMs(pid);
  const result = await autocannon({ url: targets[name] + path, headers, connections, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${name} ${path}: ${failed} failed answers (non-2xx or errors)`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: ((cpuMs(pid) - before) * 1000) / result.requests.total,
  };
};

// Each case alternates short runs of the two servers, so that other work on the machine weighs
// on both alike; the figures are over all rounds (p99: the worst round).
const rounds = 3;
const rows = [];
let loadSeconds = 0;
for (const test of cases) {
  await run('bare', test, 1); // warm-up (JIT, caches), not counted
  await run('ours', test, 1);
  const results = { ours: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    for (const name of ['bare', 'ours']) results[name].push(await run(name, test, seconds / rounds));
  }
  loadSeconds += 1 + seconds;
  const summary = (list) => ({
    rps: list.reduce((sum, r) => sum + r.rps, 0) / list.length,
    cpuUs: list.reduce((sum, r) => sum + r.cpuUs, 0) / list.length,
    latency: `${Math.max(...list.map((r) => r.p50))}/${Math.max(...list.map((r) => r.p99))}`,
  });
  const [oursResult, bareResult] = [summary(results.ours), summary(results.bare)];
  rows.push({
    case: test.name,
    'ours req/s': Math.round(oursResult.rps),
    'bare req/s': Math.round(bareResult.rps),
    ratio: Number((oursResult.rps / bareResult.rps).toFixed(2)),
    'CPU µs/req ours/bare': `${Math.round(oursResult.cpuUs)}/${Math.round(bareResult.cpuUs)}`,
    'ours p50/p99 ms': oursResult.latency,
    'bare p50/p99 ms': bareResult.latency,
  });
}
const loadRss = rssMb(ours.child.pid);

console.table(rows);
console.log(
  `server RSS: ${restRss} MB at rest after start, ${loadRss} MB after ${loadSeconds} s of load ` +
    `(${connections} connections, ${seconds} s measured per case and server, in ${rounds} rounds)`,
);
for (const { child } of [ours, bare]) {
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
}
await sleep(500);
rmSync(dataDir, { recursive: true, force: true });
