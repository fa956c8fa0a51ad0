// Server benchmark: the built production server (tests/support/built-server.mjs: `src/server/http/server.ts` with
// the sample data, HUMAN_CHECK=local, TRUST_PROXY=1) side by side with a bare node:http server sending
// the same bytes (bench/bare-server.mjs), on loopback, with autocannon. Per case: requests/s, p50/p99
// latency, the ratio ours/bare, and each server's CPU time per request (steadier than requests/s on
// a busy machine); the server's resident memory (VmRSS) at rest after start, at its peak under load,
// right after and 30 s after. Cases: a content page, GET /health, GET /store?size=1000 (the locator's list),
// the on-demand pages /stores and /stores/1 (kept as rendered, src/server/http/page-cache.ts)
// and giveaway entries (bench/entry-load.mjs: each one a new person). BENCH_SECONDS sets the measured
// length of each case and server (default 7.5, in 3 rounds); BENCH_CASES=stores,health runs only the
// cases whose name holds one of those words. Run after a build (`npm run bench`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { measureCase } from './autocannon-case.mjs';
import { captureAnswer } from './capture.mjs';
import { ENTRY_PATH, entryRequests, prepareEntries } from './entry-load.mjs';
import { writePart } from './results.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 7.5);
const page = process.env.BENCH_PAGE ?? '/charge-card';
const apiKey = { 'x-api-key': process.env.PUBLIC_API_KEY ?? DEFAULT_API_KEY };
/** How long after the load the memory it keeps is read. */
const SETTLE_SECONDS = 30;
/** Entries are counted, not timed: each needs a person prepared beforehand (warm-up + 3 rounds). */
const ENTRIES_PER_ROUND = Number(process.env.BENCH_ENTRIES ?? 4000);
const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
const selected = (name) => !only || only.some((word) => name.includes(word));
const ENTRY_CASE = 'POST giveaway entry (each a new person)';
/** The on-demand pages, as a browser asks for them. */
const PAGES = ['/stores', '/stores/1'].map((path) => ({
  name: `GET ${path} (rendered on demand)`,
  path,
  headers: { 'accept-encoding': 'br, gzip' },
}));

// Its log goes to a file, as production's goes to a log collector: read by this process, which is
// also the load generator, the lines of 30,000 requests a second slowed the load (and so the
// measured rate) by a third.
const logDir = mkdtempSync(join(tmpdir(), 'kwikfill-bench-log-'));
const ours = await startBuiltServer({
  seed: true,
  env: { TRUST_PROXY: '1' },
  logFile: join(logDir, 'server.log'),
});
await sleep(3000); // let start-up work settle before reading memory at rest
const restRss = Math.round(ours.rssMb());

// The bare server answers with the very bytes and headers ours sent for the same requests.
const storeList = { path: '/api/v1/store?size=1000', headers: { ...apiKey, 'accept-encoding': 'br, gzip' } };
const entries = selected(ENTRY_CASE) ? await prepareEntries(ours.base, 3.5 * ENTRIES_PER_ROUND + 1) : [];
const fixtureDir = mkdtempSync(join(tmpdir(), 'kwikfill-bench-bare-'));
const fixtures = join(fixtureDir, 'answers.json');
const sample = entries.shift();
const pageAnswers = {};
for (const { path, headers } of PAGES) {
  await captureAnswer(ours.base, 'GET', path, headers); // the first one renders it
  pageAnswers[path] = await captureAnswer(ours.base, 'GET', path, headers);
}
writeFileSync(
  fixtures,
  JSON.stringify({
    '/api/v1/store': await captureAnswer(ours.base, 'GET', storeList.path, storeList.headers),
    ...(sample && {
      [ENTRY_PATH.split('?')[0]]: await captureAnswer(
        ours.base,
        'POST',
        ENTRY_PATH,
        sample.headers,
        sample.body,
      ),
    }),
    ...pageAnswers,
  }),
);
const bare = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['bench/bare-server.mjs'], {
    env: { ...process.env, BENCH_PAGE: page, BENCH_FIXTURES: fixtures },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk) => {
    const port = String(chunk).match(/PORT (\d+)/)?.[1];
    if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
  });
  child.on('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
});

let peakRss = restRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, Math.round(ours.rssMb()));
}, 200);
const servers = {
  ours: { base: ours.base, pid: ours.child.pid },
  bare: { base: bare.base, pid: bare.child.pid },
};
const cases = [
  { name: `content page ${page}`, path: page, headers: { 'accept-encoding': 'br, gzip' } },
  { name: 'GET /api/v1/health', path: '/api/v1/health', headers: apiKey },
  { name: 'GET /api/v1/store?size=1000', ...storeList },
  ...PAGES,
  {
    name: ENTRY_CASE,
    // Ours takes each prepared entry once; the bare server, which checks nothing, may reuse them.
    requests: { ours: entryRequests(entries), bare: entryRequests(entries) },
    amount: ENTRIES_PER_ROUND,
  },
].filter((test) => selected(test.name));
const rows = [];
try {
  for (const test of cases) {
    const row = await measureCase(servers, test, seconds);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  clearInterval(sampler);
  bare.child.removeAllListeners('exit');
  bare.child.kill('SIGTERM');
}
const afterRss = Math.round(ours.rssMb());
// What it keeps once the load is over: V8's memory reducer runs within seconds of a quiet server
// (src/server/http/memory-reducer.ts; its timer ticks every 8 s).
await sleep(SETTLE_SECONDS * 1000);
const settledRss = Math.round(ours.rssMb());
await ours.close();
rmSync(fixtureDir, { recursive: true, force: true });
rmSync(logDir, { recursive: true, force: true });
const memory = {
  restMb: restRss,
  peakUnderLoadMb: peakRss,
  afterLoadMb: afterRss,
  settledMb: settledRss,
  settleSeconds: SETTLE_SECONDS,
};
console.log(
  `server RSS: ${restRss} MB at rest, ${peakRss} MB at peak under load, ${afterRss} MB right after, ${settledRss} MB ${SETTLE_SECONDS} s after`,
);
writePart('server', { secondsPerCase: seconds, connections: 10, rounds: 3, cases: rows, memory });
