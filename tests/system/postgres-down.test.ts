// Faults (docs/decisions/0008): with PostgreSQL stopped under a running server, the API answers 503 JSON
// `{ error: { code: 'unavailable', description } }` at once (not a 500, not a hang, no crash), pages
// that need no database still serve, and once PostgreSQL is back the same process serves again by
// itself. Stops and starts the throwaway cluster of tests/support/with-postgres.sh (`npm run test:system`).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { skipWithout } from '../support/requirements.ts';
import { until } from '../support/until.ts';
import {
  API,
  apiHeaders,
  freshPostgresDatabase,
  postgresCluster,
  prepareAll,
  prepareContact,
  SAMPLE_PROMOTION,
  type Submission,
  submit,
} from './helpers.ts';

const cluster = postgresCluster();
const skip = skipWithout(
  !!cluster && !!process.env.DATABASE_URL,
  'no throwaway PostgreSQL cluster: run under tests/support/with-postgres.sh',
);
/** "Not a hang": every answer comes well within this, on a busy machine. */
const ANSWER_WITHIN_MS = 20_000;
/**
 * The server's DATABASE_TIMEOUT_SECONDS, shorter than the 15 s default so that the frozen database
 * costs this test seconds, not half a minute; still far above any query's time on a busy machine.
 */
const DATABASE_TIMEOUT_SECONDS = 4;
/**
 * A server that takes queries and never answers: a request meets it at most twice (the maintenance
 * switch, whose failed read is let through, then its own read), each time waiting at most for a free
 * connection (twice the query timeout), then for a connection or a query (the query timeout at
 * most); plenty more on a busy machine.
 */
const FROZEN_ANSWER_WITHIN_MS = 2 * 3 * DATABASE_TIMEOUT_SECONDS * 1000 + 30_000;

let server: BuiltServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let clusterStopped = false;
let clusterFrozen = false;

beforeAll(async () => {
  if (skip) return;
  const database = await freshPostgresDatabase();
  dropDatabase = database?.drop;
  server = await startBuiltServer({
    seed: true,
    env: {
      DATABASE_URL: database?.url,
      TRUST_PROXY: '1',
      DATABASE_TIMEOUT_SECONDS: String(DATABASE_TIMEOUT_SECONDS),
    },
  });
});
afterAll(async () => {
  if (clusterFrozen) cluster?.thaw();
  if (clusterStopped) cluster?.start(); // the next test files need it
  await server?.close();
  await dropDatabase?.();
});

const get = (path: string, headers: Record<string, string> = apiHeaders(), within = ANSWER_WITHIN_MS) =>
  fetch(`${server?.base}${path}`, { headers, signal: AbortSignal.timeout(within) });

/** What needs the database: reads, the guard's limits of a public form, the health probe. */
const databaseRequests = (visitor: Submission) => [
  () => get(`${API}/promotion?active_only=true`),
  () => get(`${API}/promotion/${SAMPLE_PROMOTION}`),
  () => get(`${API}/store?size=5`),
  () => get(`${API}/health`),
  () =>
    fetch(`${server?.base}${visitor.path}`, {
      method: 'POST',
      headers: apiHeaders(visitor.address),
      body: JSON.stringify(visitor.body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    }),
];

it.skipIf(skip)('answers 503 JSON while PostgreSQL is down and recovers by itself', async () => {
  const running = server as BuiltServer;
  const visitors = await prepareAll(3, (n) => prepareContact(running.base, n));
  expect((await get(`${API}/promotion/${SAMPLE_PROMOTION}`)).status).toBe(200);

  // Down in the middle of traffic: connections in use are cut.
  const traffic = Array.from({ length: 20 }, () => get(`${API}/store?size=50`).catch(() => undefined));
  cluster?.stop();
  clusterStopped = true;
  await Promise.all(traffic);
  // What was read less than a second ago may still be answered (the health probe, the store list's
  // fingerprint: src/server/routes/platform.ts HEALTH_PASS_MS, src/server/data-fingerprint.ts).
  await until('the last reads to run out', async () => {
    const answers = await Promise.all([get(`${API}/health`), get(`${API}/store?size=5`)]);
    return answers.every((answer) => answer.status === 503);
  });

  for (const round of [1, 2]) {
    for (const request of databaseRequests(visitors[0] as Submission)) {
      const answer = await request();
      const body = await answer.json();
      expect([answer.status, body.error?.code], `${answer.url} (round ${round})`).toEqual([
        503,
        'unavailable',
      ]);
      expect(typeof body.error.description).toBe('string');
    }
  }
  // What needs no database still works: the home page, a content page, a form ticket.
  expect((await get('/', {})).status).toBe(200);
  expect((await get('/help/faq', {})).status).toBe(200);
  expect((await get(`${API}/form-ticket?form=contact`)).status).toBe(200);
  // Pages drawn from the database answer 503 at once (src/middleware.ts), saying the service is
  // unavailable, never the connection's details.
  for (const path of ['/stores', '/stores/1']) {
    const page = await get(path, {});
    expect(page.status, path).toBe(503);
    expect(page.headers.get('retry-after')).toBe('30');
    const html = await page.text();
    expect(html).toContain('The service is unavailable. Please try again later.');
    expect(html).not.toContain('ECONNREFUSED');
  }
  expect(running.child.exitCode).toBeNull();

  cluster?.start();
  clusterStopped = false;
  // Back by itself, in the same process: no restart.
  expect((await get(`${API}/promotion/${SAMPLE_PROMOTION}`)).status).toBe(200);
  expect((await get(`${API}/health`)).status).toBe(200);
  const sent = await submit(running.base, visitors[1] as Submission);
  expect('status' in sent && sent.status).toBe(201);
  expect(running.output()).not.toMatch(/internal_error|Unhandled|uncaught/i);
});

it.skipIf(skip)(
  'answers 503 JSON in bounded time while PostgreSQL does not answer, and recovers',
  async () => {
    const running = server as BuiltServer;
    // Open connections in the pool (they stay 10 s idle), so that the frozen server holds queries.
    const warm = await Promise.all(
      Array.from({ length: 6 }, () => get(`${API}/promotion/${SAMPLE_PROMOTION}`)),
    );
    expect(warm.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    cluster?.freeze();
    clusterFrozen = true;
    // More requests than the pool has connections: some wait on a query, the others on a connection;
    // and, meanwhile, the home page, which needs no database.
    const [home, ...answers] = await Promise.all([
      get('/', {}, FROZEN_ANSWER_WITHIN_MS),
      ...Array.from({ length: 12 }, (_, i) =>
        get(i % 2 ? `${API}/store?size=5` : `${API}/promotion`, apiHeaders(), FROZEN_ANSWER_WITHIN_MS),
      ),
    ]);
    for (const answer of answers) {
      expect([answer.status, (await answer.json()).error?.code]).toEqual([503, 'unavailable']);
    }
    expect(home?.status).toBe(200);
    cluster?.thaw();
    clusterFrozen = false;
    await until(
      'the API to answer again',
      async () => (await get(`${API}/promotion/${SAMPLE_PROMOTION}`)).status === 200,
      { seconds: 30, everyMs: 250 },
    );
    expect(running.child.exitCode).toBeNull();
  },
);
