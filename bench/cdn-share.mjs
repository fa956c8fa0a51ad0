// The share of a simulated day's requests that a CDN honouring our headers would answer without
// reaching the server (issue 19, "Figures"). A day's mix of requests (content pages, the locator,
// store pages, the giveaway page and its entries, the API's public reads, signed-in /me calls) is
// replayed through a small shared cache built on http-cache-semantics (RFC 9111, as a CDN keeps
// answers: `shared`, CDN-Cache-Control in place of Cache-Control where sent, RFC 9213) in front of
// the built server (tests/support/built-server.mjs, sample data). Time is simulated: the cache's
// clock jumps from one request's time of day to the next, so ages and TTLs run as over a real day
// while the replay takes a minute or two. Counted: answered from the cache (fresh, or stale while
// revalidating in the background), revalidated by the server (a 304), sent by the server in full.
// CDN_REQUESTS sets the day's number of requests (default 20,000), CDN_SEED the mix's random order.
import http from 'node:http';
import CachePolicy from 'http-cache-semantics';
import { DEMO_ACCOUNT } from '../src/features/account/account.sample.ts';
import { SAMPLE_STORE_COUNT } from '../src/features/locator/locator.sample.ts';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { ENTRY_PATH, prepareEntries } from './entry-load.mjs';
import { writePart } from './results.mjs';

const REQUESTS = Number(process.env.CDN_REQUESTS ?? 20_000);
const DAY_MS = 24 * 3600 * 1000;
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
const rand = random(Number(process.env.CDN_SEED ?? 19));
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
/** One request to the server; the body is read and dropped (the cache keeps only what it needs to decide). */
function origin(base, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method, headers, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: { ...response.headers } }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The answer as a CDN reads it: CDN-Cache-Control, where sent, in place of Cache-Control (RFC 9213). */
function asCdnSees(answer) {
  const headers = { ...answer.headers };
  if (headers['cdn-cache-control']) headers['cache-control'] = headers['cdn-cache-control'];
  // The server's Date is real time; the cache's is simulated: its own receipt time stands for it.
  delete headers.date;
  return { status: answer.status, headers };
}

const server = await startBuiltServer({ seed: true, env: { TRUST_PROXY: '1' } });
try {
  const plan = Array.from({ length: REQUESTS }, nextRequest);
  const at = plan.map(() => rand() * DAY_MS).sort((a, b) => a - b);
  const entries = await prepareEntries(server.base, plan.filter((r) => r.method === 'POST').length + 1);
  const login = await fetch(`${server.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  if (!login.ok) throw new Error(`sign-in of the demo member: ${login.status} ${await login.text()}`);
  const { token } = await login.json();

  const cache = new Map();
  const counts = { fromCache: 0, revalidated: 0, full: 0, backgroundRevalidations: 0, refused: 0 };
  let entriesSent = 0;
  const byKind = {};
  for (const [i, planned] of plan.entries()) {
    clock = at[i];
    const { kind, method, path, signedIn } = planned;
    let { headers = {} } = planned;
    let body;
    if (method === 'POST') ({ headers, body } = entries[entriesSent++]);
    if (signedIn) headers = { ...headers, authorization: `Bearer ${token}` };
    const request = { method, url: path, headers: { ...headers, host: HOST } };
    const key = `${method} ${path}`;
    const kept = cache.get(key);
    let outcome = 'full';
    if (kept) {
      const { response, revalidation } = kept.evaluateRequest(request);
      if (response) {
        outcome = 'fromCache';
        if (revalidation) {
          // stale-while-revalidate: the visitor has the answer; the CDN asks the server meanwhile.
          counts.backgroundRevalidations++;
          const answer = await origin(server.base, {
            method,
            path,
            headers: { ...headers, ...revalidation.headers },
          });
          const { policy } = kept.revalidatedPolicy(
            { ...request, headers: { ...request.headers, ...revalidation.headers } },
            asCdnSees(answer),
          );
          cache.set(key, policy);
        }
      } else {
        const conditional = { ...headers, ...kept.revalidationHeaders(request) };
        const answer = await origin(server.base, { method, path, headers: conditional, body });
        const { policy, modified } = kept.revalidatedPolicy(
          { ...request, headers: { ...request.headers, ...conditional } },
          asCdnSees(answer),
        );
        outcome = modified ? 'full' : 'revalidated';
        if (policy.storable()) cache.set(key, policy);
        else cache.delete(key);
      }
    } else {
      const answer = await origin(server.base, { method, path, headers, body });
      if (answer.status >= 500) throw new Error(`${method} ${path}: ${answer.status}`);
      // A refused entry or read would make the mix another one than planned: counted and shown.
      if (answer.status >= 400) counts.refused++;
      const policy = new SimulatedPolicy(request, asCdnSees(answer), { shared: true });
      if (policy.storable()) cache.set(key, policy);
    }
    counts[outcome]++;
    byKind[kind] ??= { requests: 0, fromCache: 0 };
    byKind[kind].requests++;
    if (outcome === 'fromCache') byKind[kind].fromCache++;
  }
  const share = Number((counts.fromCache / REQUESTS).toFixed(3));
  console.log(
    `CDN share: ${(share * 100).toFixed(1)}% of ${REQUESTS} requests answered from the cache; ${counts.revalidated} revalidated (304), ${counts.full} sent in full, ${counts.backgroundRevalidations} background revalidations, ${counts.refused} refused (4xx)`,
  );
  for (const [kind, k] of Object.entries(byKind)) console.log(`  ${kind}: ${k.fromCache}/${k.requests}`);
  writePart('cdn', { requests: REQUESTS, simulatedHours: 24, share, ...counts, byKind });
} finally {
  agent.destroy();
  await server.close();
}
