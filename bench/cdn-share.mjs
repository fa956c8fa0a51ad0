// The share of a simulated day's requests that a CDN honouring our headers would answer without
// reaching the server (docs/caching.md). A day's mix of requests (content pages, the locator,
// store pages, the giveaway page and its entries, the API's public reads, signed-in /me calls) is
// replayed through a small shared cache built on http-cache-semantics (RFC 9111, as a CDN keeps
// answers: `shared`, CDN-Cache-Control in place of Cache-Control where sent, RFC 9213) in front of
// the built server (tests/support/built-server.mjs, sample data). Time is simulated: the cache's
// clock jumps from one request's time of day to the next, so ages and TTLs run as over a real day
// while the replay takes a minute or two. Counted: answered from the cache (fresh, or stale while
// revalidating in the background), revalidated by the server (a 304), sent by the server in full.
// CDN_REQUESTS sets the day's number of requests (default 20,000).
//
// Freshness (docs/decisions/0018-edge-holds-the-day.md): three times in the day the prices of every
// store change through the operator command (`npm run admin -- stores prices <file>`), whose purge
// webhook (PURGE_WEBHOOK_URL) points at this replay's cache: it drops the answers tagged with what
// changed, as the CDN would. Every answer the cache sends is read for the prices it shows (the
// store list, the prices answer, a page's HTML); one showing a price older than the one set more
// than 60 s before counts as stale (target 0). A store page view is followed by its read of the
// prices answer, as its script makes it. CDN_PURGE=0 leaves the purge out (what a lost purge costs);
// CDN_PRICES_MAX_AGE=45 keeps the prices answers 45 s (+14 s of stale-while-revalidate) whatever they
// say: the other way of the decision, a short lifetime instead of a purge.
//
// Beside the model, the real thing: the first seed's day replayed through a real Varnish with the VCL of
// ops/varnish/ in front of the same server (tests/support/varnish.mjs; the price changes purge it through
// VARNISH_PURGE_URL). Its time is real, so no lifetime runs out within the replay: what it checks is what
// Varnish keeps, what the purges drop and what it never keeps. Counted: answered by Varnish (X-Cache: HIT),
// any answer showing a price older than the last `stores prices` that returned (stale), any member's
// answer kept or shown to another. The entries go to the server directly: never kept, and through Varnish
// every visitor would share its address. CDN_VARNISH=0 leaves it out; it needs varnishd
// (tests/support/ensure-varnish.sh).
//
// The matrix: the default seed and two others (CDN_SEEDS, default 19,7,42), each read as RFC 9213
// reads the headers (CDN-Cache-Control in place of Cache-Control; tags in Cache-Tag) and as Fastly
// does (Surrogate-Control; tags in Surrogate-Key): CDN_READERS, default rfc9213,fastly. One server
// for the whole matrix; its memory (RSS) after the load is reported. One command:
// `npm run build && node --import tsx bench/cdn-share.mjs` (also a step of `npm run bench`).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import CachePolicy from 'http-cache-semantics';
import { DEMO_ACCOUNT } from '../src/features/account/account.sample.ts';
import { SAMPLE_STORE_COUNT } from '../src/features/locator/locator.sample.ts';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { startVarnish, varnishAvailable } from '../tests/support/varnish.mjs';
import { ENTRY_PATH, prepareEntries } from './entry-load.mjs';
import { writePart } from './results.mjs';

const REQUESTS = Number(process.env.CDN_REQUESTS ?? 20_000);
const SEEDS = (process.env.CDN_SEEDS ?? process.env.CDN_SEED ?? '19,7,42').split(',').map(Number);
const READERS = (process.env.CDN_READERS ?? 'rfc9213,fastly').split(',');
const PURGE = process.env.CDN_PURGE !== '0';
const VARNISH = process.env.CDN_VARNISH !== '0';
/** Set: answers tagged `prices` are kept this many seconds (+ revalidation to 59 s) whatever they say. */
const PRICES_MAX_AGE = Number(process.env.CDN_PRICES_MAX_AGE ?? 0);
const DAY_MS = 24 * 3600 * 1000;
/** The promise checked: no answer from the cache shows a price older than one set this long before. */
const FRESH_MS = 60_000;
/** When in the simulated day the prices change (hours), each moved by up to half an hour by the seed. */
const PRICE_CHANGES = [7, 12.5, 17.25];
const HOST = 'www.kwikfill.example';
const apiKey = { 'x-api-key': process.env.PUBLIC_API_KEY ?? DEFAULT_API_KEY };
const browser = { 'accept-encoding': 'br, gzip' };

/** A small seeded generator (mulberry32): the same day on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let rand = random(SEEDS[0]);
const pick = (list) => list[Math.floor(rand() * list.length)];
/** Store pages as visitors ask for them: a few stores much more than the rest (log-uniform). */
const storeNumber = () => String(Math.ceil(SAMPLE_STORE_COUNT ** rand()));

const CONTENT = [
  '/',
  '/charge-card',
  '/rewards',
  '/win',
  '/help',
  '/gift-cards-balance',
  '/careers',
  '/bradley-street-cafe',
];
const SEARCHES = ['Warren', 'Erie', 'Bradford', 'Jamestown', '16365', 'Olean'];

/** The day's mix: kind, share of requests, and how one request of it is made. */
const MIX = [
  { kind: 'content page', weight: 40, make: () => ({ path: pick(CONTENT), headers: browser }) },
  { kind: 'locator /stores', weight: 10, make: () => ({ path: '/stores', headers: browser }) },
  {
    kind: 'locator search',
    weight: 3,
    make: () => ({ path: `/stores?q=${encodeURIComponent(pick(SEARCHES))}`, headers: browser }),
  },
  { kind: 'store page', weight: 12, make: () => ({ path: `/stores/${storeNumber()}`, headers: browser }) },
  { kind: 'offers page', weight: 3, make: () => ({ path: '/specials', headers: browser }) },
  { kind: 'giveaway page', weight: 5, make: () => ({ path: '/win', headers: browser }) },
  { kind: 'giveaway entry POST', weight: 2, make: () => ({ method: 'POST', path: ENTRY_PATH }) },
  {
    kind: 'API /store',
    weight: 8,
    make: () => ({ path: '/api/v1/store?size=1000', headers: { ...apiKey, ...browser } }),
  },
  { kind: 'API /offers', weight: 3, make: () => ({ path: '/api/v1/offers', headers: apiKey }) },
  {
    kind: 'API /promotion',
    weight: 6,
    make: () => ({ path: '/api/v1/promotion?active_only=true', headers: apiKey }),
  },
  {
    kind: 'API /previous-winners',
    weight: 2,
    make: () => ({ path: '/api/v1/previous-winners', headers: apiKey }),
  },
  {
    kind: 'signed-in /me',
    weight: 6,
    make: () => ({ path: '/api/v1/me/profile', headers: apiKey, signedIn: true }),
  },
];
const totalWeight = MIX.reduce((sum, m) => sum + m.weight, 0);
function nextRequest() {
  const roll = rand() * totalWeight;
  let sum = 0;
  const entry =
    MIX.find((m) => {
      sum += m.weight;
      return roll < sum;
    }) ?? MIX[0];
  return { kind: entry.kind, method: 'GET', ...entry.make() };
}

// The cache's clock: the simulated time of day, in ms.
let clock = 0;
class SimulatedPolicy extends CachePolicy {
  now() {
    return clock;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
/**
 * One request to the server, with the body's text (decompressed) when it is a 200: the cache keeps
 * only what it needs to decide and the oldest price the body shows.
 */
function origin(base, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const text =
          response.statusCode !== 200
            ? ''
            : (encoding === 'br'
                ? brotliDecompressSync(bytes)
                : encoding === 'gzip'
                  ? gunzipSync(bytes)
                  : bytes
              ).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: { ...response.headers }, text });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The answer as a CDN reads it: RFC 9213, CDN-Cache-Control in place of Cache-Control where sent;
 * Fastly, Surrogate-Control in its place where sent.
 */
function asCdnSees(answer, reader) {
  const headers = { ...answer.headers };
  const own = reader === 'fastly' ? headers['surrogate-control'] : headers['cdn-cache-control'];
  if (own) headers['cache-control'] = own;
  // The other way, for the decision's figures: prices answers kept a short time instead of purged.
  if (PRICES_MAX_AGE && tagsOf(headers, reader).includes('prices'))
    headers['cache-control'] =
      `public, max-age=${PRICES_MAX_AGE}, stale-while-revalidate=${59 - PRICES_MAX_AGE}`;
  // The server's Date is real time; the cache's is simulated: its own receipt time stands for it.
  delete headers.date;
  return { status: answer.status, headers };
}

// The prices of the day: version 0 is the sample data's; version v (1, 2, 3, ... over the whole
// matrix) sets every store's gas price to a marker no sample price has (`5.0vv`), so the oldest price
// an answer shows is read from its text.
const marker = (version) => `5.${String(version).padStart(3, '0')}`;
const PRICE_PATTERNS = [
  /gas_price(?:"|&quot;):(?:\[0,)?(?:"|&quot;)(\d\.\d{3})/g, // JSON, and an island's props in HTML
  /Gas:? \$(\d\.\d{3})/g, // a price written into a page
];
/** The oldest price version an answer shows; undefined when it shows none. */
function shownVersion(text) {
  let oldest;
  for (const pattern of PRICE_PATTERNS) {
    for (const [, price] of text.matchAll(pattern)) {
      const version = price.startsWith('5.0') ? Number(price.slice(2)) : 0;
      oldest = oldest === undefined ? version : Math.min(oldest, version);
    }
  }
  return oldest;
}

const exec = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'kwikfill-cdn-'));
/** Sets every store's gas price to the version's marker through the operator command, purging with `purge`. */
async function changePrices(server, version, purge) {
  const file = join(work, `prices-${version}.csv`);
  const rows = Array.from({ length: SAMPLE_STORE_COUNT }, (_, i) => `${i + 1},${marker(version)},`);
  writeFileSync(file, `store_number,gas_price,diesel_price\n${rows.join('\n')}\n`);
  const env = { ...server.env, ...(PURGE ? purge : {}) };
  await exec(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'stores', 'prices', file], { env });
}

// The CDN's purge API, as the operator command calls a webhook: drops the tagged answers.
let purgeHandler = () => {};
const hookServer = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    purgeHandler(JSON.parse(text).tags ?? []);
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
const hook = `http://127.0.0.1:${hookServer.address().port}/purge`;

/** The tags a CDN reads from an answer: Cache-Tag (comma-separated) or Fastly's Surrogate-Key (spaces). */
const tagsOf = (headers, reader) =>
  String((reader === 'fastly' ? headers['surrogate-key'] : headers['cache-tag']) ?? '')
    .split(reader === 'fastly' ? ' ' : ',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const server = await startBuiltServer({ seed: true, env: { TRUST_PROXY: '1' } });
let version = 0;
let entriesPrepared = 0;
try {
  const login = await fetch(`${server.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  if (!login.ok) throw new Error(`sign-in of the demo member: ${login.status} ${await login.text()}`);
  const { token } = await login.json();

  /** The seed's day: its requests, their times of day, the price changes' times, the entries to send. */
  async function dayPlan(seed) {
    rand = random(seed);
    const plan = Array.from({ length: REQUESTS }, nextRequest);
    const at = plan.map(() => rand() * DAY_MS).sort((a, b) => a - b);
    const changesAt = PRICE_CHANGES.map((hour) => (hour + (rand() - 0.5) / 2) * 3600_000);
    const posts = plan.filter((r) => r.method === 'POST').length + 1;
    const entries = await prepareEntries(server.base, posts, 16, entriesPrepared);
    entriesPrepared += posts;
    return { plan, at, changesAt, entries };
  }

  /** The seed's day through a real Varnish (ops/varnish/), in real time; answers its figures. */
  async function varnishDay(seed) {
    const { plan, at, changesAt, entries } = await dayPlan(seed);
    const varnish = await startVarnish({ backends: [server.base], memory: '256m' });
    const counts = {
      requests: 0,
      fromVarnish: 0,
      stale: 0,
      personalKept: 0,
      refused: 0,
      /** Never for a shared cache: entries, and a member's answers (Varnish's PASS). */
      neverKept: 0,
      /** A copy fetched again although it was fetched since the last price change: 0 if Varnish keeps all it may. */
      refetched: 0,
    };
    /** Each copy (path and encoding, as the VCL keys it) fetched from the server since the last price change. */
    let fetched = new Set();
    const byKind = {};
    let entriesSent = 0;
    let nextChange = 0;
    const send = async (kind, method, path, headers, body, signedIn) => {
      const viaVarnish = method === 'GET';
      const answer = await origin(viaVarnish ? varnish.base : server.base, { method, path, headers, body });
      if (answer.status >= 500) throw new Error(`${method} ${path} through Varnish: ${answer.status}`);
      if (answer.status >= 400) counts.refused++;
      const hit = viaVarnish && answer.headers['x-cache'] === 'HIT';
      if (!viaVarnish || answer.headers['x-cache'] === 'PASS') counts.neverKept++;
      else if (!hit) {
        const copy = `${path} ${/\bbr\b/.test(headers['accept-encoding'] ?? '') ? 'br' : headers['accept-encoding'] ? 'gzip' : ''}`;
        if (fetched.has(copy)) counts.refetched++;
        fetched.add(copy);
      }
      const shown = shownVersion(answer.text);
      if (shown !== undefined && shown < version) counts.stale++;
      if (signedIn ? hit : answer.text.includes(DEMO_ACCOUNT.email)) counts.personalKept++;
      counts.requests++;
      if (hit) counts.fromVarnish++;
      byKind[kind] ??= { requests: 0, fromCache: 0 };
      byKind[kind].requests++;
      if (hit) byKind[kind].fromCache++;
      return answer.text.includes('data-store-prices');
    };
    try {
      for (const [i, planned] of plan.entries()) {
        // The day's order, in real time: each change is done (and purged) before the next request.
        while (nextChange < changesAt.length && changesAt[nextChange] <= at[i]) {
          nextChange++;
          version++;
          await changePrices(server, version, { VARNISH_PURGE_URL: varnish.base });
          fetched = new Set();
        }
        const { kind, method, path, signedIn } = planned;
        let { headers = {} } = planned;
        let body;
        if (method === 'POST') ({ headers, body } = entries[entriesSent++]);
        if (signedIn) headers = { ...headers, authorization: `Bearer ${token}` };
        if (await send(kind, method, path, headers, body, signedIn))
          await send('API /store-prices (store page script)', 'GET', '/api/v1/store-prices', {
            ...apiKey,
            ...browser,
          });
      }
    } finally {
      await varnish.stop();
    }
    const share = Number((counts.fromVarnish / counts.requests).toFixed(3));
    const keptShare = Number((counts.fromVarnish / (counts.requests - counts.neverKept)).toFixed(3));
    const ceiling = Number((1 - counts.neverKept / counts.requests).toFixed(3));
    return { seed, share, keptShare, ceiling, ...counts, byKind };
  }

  /** One simulated day through a fresh cache; answers its figures. */
  async function day(seed, reader) {
    const { plan, at, changesAt, entries } = await dayPlan(seed);

    /** key -> { policy, tags, version } */
    const cache = new Map();
    purgeHandler = (tags) => {
      for (const [key, kept] of cache) if (kept.tags.some((tag) => tags.includes(tag))) cache.delete(key);
    };
    /** [simulated time, version]: the price versions set in this day, oldest first. */
    const history = [[-Infinity, version]];
    const counts = {
      fromCache: 0,
      revalidated: 0,
      full: 0,
      backgroundRevalidations: 0,
      refused: 0,
      stale: 0,
    };
    const byKind = {};
    let requests = 0;
    let entriesSent = 0;
    let nextChange = 0;

    const keep = (key, policy, answer, previous) => {
      if (!policy.storable()) return cache.delete(key);
      const shown = answer.status === 200 ? shownVersion(answer.text) : previous;
      cache.set(key, { policy, tags: tagsOf(answer.headers, reader), version: shown });
    };
    /** The newest version set at least FRESH_MS before `now`. */
    const due = (now) => history.filter(([setAt]) => setAt <= now - FRESH_MS).at(-1)?.[1] ?? 0;

    async function serve(kind, method, path, headers, body) {
      const request = { method, url: path, headers: { ...headers, host: HOST } };
      const key = `${method} ${path}`;
      const kept = cache.get(key);
      let outcome = 'full';
      if (kept) {
        const { response, revalidation } = kept.policy.evaluateRequest(request);
        if (response) {
          outcome = 'fromCache';
          if (kept.version !== undefined && kept.version < due(clock)) counts.stale++;
          if (revalidation) {
            // stale-while-revalidate: the visitor has the answer; the CDN asks the server meanwhile.
            counts.backgroundRevalidations++;
            const sent = { ...headers, ...revalidation.headers };
            const answer = await origin(server.base, { method, path, headers: sent });
            const { policy } = kept.policy.revalidatedPolicy(
              { ...request, headers: { ...request.headers, ...revalidation.headers } },
              asCdnSees(answer, reader),
            );
            keep(key, policy, answer, kept.version);
          }
        } else {
          const conditional = { ...headers, ...kept.policy.revalidationHeaders(request) };
          const answer = await origin(server.base, { method, path, headers: conditional, body });
          const { policy, modified } = kept.policy.revalidatedPolicy(
            { ...request, headers: { ...request.headers, ...conditional } },
            asCdnSees(answer, reader),
          );
          outcome = modified ? 'full' : 'revalidated';
          keep(key, policy, answer, kept.version);
        }
      } else {
        const answer = await origin(server.base, { method, path, headers, body });
        if (answer.status >= 500) throw new Error(`${method} ${path}: ${answer.status}`);
        // A refused entry or read would make the mix another one than planned: counted and shown.
        if (answer.status >= 400) counts.refused++;
        keep(key, new SimulatedPolicy(request, asCdnSees(answer, reader), { shared: true }), answer);
        if (answer.status === 200 && answer.text.includes('data-store-prices')) {
          // The store page's script reads the prices answer (src/features/locator/store-page-live.ts).
          cache.get(key).followUp = true;
        }
      }
      requests++;
      counts[outcome]++;
      byKind[kind] ??= { requests: 0, fromCache: 0 };
      byKind[kind].requests++;
      if (outcome === 'fromCache') byKind[kind].fromCache++;
      return cache.get(key)?.followUp === true;
    }

    for (const [i, planned] of plan.entries()) {
      clock = at[i];
      while (nextChange < changesAt.length && changesAt[nextChange] <= clock) {
        clock = changesAt[nextChange++];
        version++;
        await changePrices(server, version, { PURGE_WEBHOOK_URL: hook });
        history.push([clock, version]);
        clock = at[i];
      }
      const { kind, method, path, signedIn } = planned;
      let { headers = {} } = planned;
      let body;
      if (method === 'POST') ({ headers, body } = entries[entriesSent++]);
      if (signedIn) headers = { ...headers, authorization: `Bearer ${token}` };
      const readsPrices = await serve(kind, method, path, headers, body);
      if (readsPrices)
        await serve('API /store-prices (store page script)', 'GET', '/api/v1/store-prices', {
          ...apiKey,
          ...browser,
        });
    }
    const share = Number((counts.fromCache / requests).toFixed(3));
    return { seed, reader, requests, share, ...counts, byKind };
  }

  const runs = [];
  for (const seed of SEEDS) {
    for (const reader of READERS) {
      const run = await day(seed, reader);
      run.rssMb = Math.round(server.rssMb());
      runs.push(run);
      console.log(
        `CDN share (seed ${seed}, read as ${reader}): ${(run.share * 100).toFixed(1)}% of ${run.requests} requests answered from the cache; ${run.stale} stale prices from the cache; ${run.revalidated} revalidated (304), ${run.full} sent in full, ${run.backgroundRevalidations} background revalidations, ${run.refused} refused (4xx)`,
      );
      for (const [kind, k] of Object.entries(run.byKind))
        console.log(`  ${kind}: ${k.fromCache}/${k.requests}`);
    }
  }
  let varnish;
  if (VARNISH && varnishAvailable()) {
    varnish = await varnishDay(SEEDS[0]);
    console.log(
      `Varnish (seed ${varnish.seed}, ops/varnish/default.vcl, real time): ${(varnish.share * 100).toFixed(1)}% of ${varnish.requests} requests answered by Varnish (at most ${(varnish.ceiling * 100).toFixed(1)}%: ${varnish.neverKept} entries and member's answers no shared cache keeps), ${(varnish.keptShare * 100).toFixed(1)}% of the rest; ${varnish.refetched} copies fetched twice between price changes; ${varnish.stale} stale prices; ${varnish.personalKept} personal answers kept; ${varnish.refused} refused (4xx)`,
    );
    for (const [kind, k] of Object.entries(varnish.byKind))
      console.log(`  ${kind}: ${k.fromCache}/${k.requests}`);
  } else if (VARNISH) {
    console.log('Varnish: not measured (no varnishd: bash tests/support/ensure-varnish.sh)');
  }
  // As bench/server.mjs reads it: a few seconds after the load, once the server gave memory back.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const rssMb = Math.round(server.rssMb());
  console.log(
    `server memory (RSS): ${runs.map((r) => r.rssMb).join(', ')} MB right after each day; ${rssMb} MB 10 s after the last`,
  );
  const [main] = runs;
  writePart('cdn', {
    ...main,
    simulatedHours: 24,
    purge: PURGE,
    priceChanges: PRICE_CHANGES.length,
    rssAfterLoadMb: rssMb,
    runs: runs.map(({ byKind: _, ...run }) => run),
    varnish,
  });
} finally {
  agent.destroy();
  hookServer.close();
  rmSync(work, { recursive: true, force: true });
  await server.close();
}
