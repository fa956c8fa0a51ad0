// The Node server's binding of the API (api-binding.ts), over a real node:http server as server.ts
// uses it: the answers it shapes itself rather than through the app.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLog } from '../../../tests/support/test-api.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { MAX_BODY_BYTES } from '../app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-node-test-'));
let server: http.Server;
let base: string;
let binding: typeof import('./api-binding');
let lifecycle: typeof import('../lifecycle');
const { log, text: logged, lines } = memoryLog();
/** Whether the server in front is a trusted proxy (TRUST_PROXY), per test. */
let trustProxy = false;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL; // the binding's own database: SQLite in the temp folder
  binding = await import('./api-binding.ts');
  lifecycle = await import('../lifecycle.ts');
  const { requestLog } = await import('./request-log.ts');
  await lifecycle.prepareDatabase();
  const tracked = requestLog({ trustProxy: false, log });
  const trusting = requestLog({ trustProxy: true, log });
  // As server.ts: every request is tracked; /api/v1 goes to the API, the rest stands in for
  // the static files (a page that exists, and a 404 for anything else).
  server = http.createServer((req, res) => {
    (trustProxy ? trusting : tracked)(req, res);
    if (req.url?.startsWith('/api/v1/')) return binding.apiListener(req, res);
    res.writeHead(req.url?.startsWith('/charge-card') ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await lifecycle.closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { 'X-API-Key': DEFAULT_API_KEY }) =>
  fetch(`${base}/api/v1${path}`, { headers });
/** The log line of the answer (its X-Request-Id), once the answer is done. */
async function lineOf(answer: Response) {
  await answer.arrayBuffer();
  const id = answer.headers.get('x-request-id');
  for (let tries = 0; tries < 50; tries++) {
    const found = lines().filter((line) => line.request_id === id);
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return [];
}

describe('the Node binding of the API', () => {
  it('sends Cache-Control: private, no-store on every answer, errors too, and lets a public read share its own', async () => {
    for (const answer of [await get('/health'), await get('/nothing'), await get('/health', {})]) {
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
    const list = await get('/store?size=1');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate'); // one header, the read's
  });

  it('compresses every JSON answer of 1 KB or more in the encoding the client takes, and varies on it, compressed or not', async () => {
    const { getDeps } = await import('../runtime.ts');
    const { insertStores, sampleStoreRows } = await import('../../features/locator/locator.sample.ts');
    const { db } = await getDeps();
    await insertStores(db, (await sampleStoreRows(Date.now())).slice(0, 40));
    const asking = (encoding: string) => ({ 'X-API-Key': DEFAULT_API_KEY, 'Accept-Encoding': encoding });
    // fetch decodes the body itself: the header says how it came, the JSON is the same.
    const plain = await get('/store-prices', asking('identity'));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const prices = await plain.json();
    expect(Object.keys(prices.prices)).toHaveLength(40);
    for (const encoding of ['br', 'gzip']) {
      const answer = await get('/store-prices', asking(`${encoding}, identity`));
      expect(answer.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(answer.headers.get('vary')).toBe('Accept-Encoding');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await answer.json()).toEqual(prices);
    }
    // Small: not compressed, but varied all the same (a larger one may be).
    const health = await get('/health', asking('br, gzip'));
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.headers.get('vary')).toBe('Accept-Encoding');
    // The store list compresses itself, with its weak ETag: passed as it is.
    const list = await get('/store?size=40', asking('gzip'));
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect(list.headers.get('etag')).toMatch(/^W\//);
    expect(list.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('logs one line per request, API or not, with the X-Request-Id it sent', async () => {
    const health = await get('/health?email=pat%40example.com');
    expect(await lineOf(health)).toMatchObject([
      { method: 'GET', route: '/api/v1/health', status: 200, request_id: expect.any(String) },
    ]);
    const missing = await get('/store/12345678');
    expect((await missing.clone().json()).error.request_id).toBe(missing.headers.get('x-request-id'));
    expect(await lineOf(missing)).toMatchObject([{ route: '/api/v1/store/:number', status: 404 }]);
    const page = await fetch(`${base}/charge-card?reset_token=secret-token-1`);
    expect(await lineOf(page)).toMatchObject([{ route: '/charge-card', status: 200 }]);
    // An address that does not exist could hold anything a visitor typed: it is not logged.
    const nowhere = await fetch(`${base}/pat@example.com`);
    expect(await lineOf(nowhere)).toMatchObject([{ route: null, status: 404 }]);
    expect(logged()).not.toMatch(/pat|example\.com|secret-token|12345678|\?/);
  });

  it('takes an incoming X-Request-Id only from a trusted proxy, and only a short, plain one', async () => {
    const sent = (id: string) => get('/health', { 'X-API-Key': DEFAULT_API_KEY, 'X-Request-Id': id });
    expect((await sent('proxy-id-1')).headers.get('x-request-id')).not.toBe('proxy-id-1');
    trustProxy = true;
    try {
      const trusted = await sent('proxy-id-2');
      expect(trusted.headers.get('x-request-id')).toBe('proxy-id-2');
      expect(await lineOf(trusted)).toMatchObject([{ request_id: 'proxy-id-2' }]);
      for (const bad of ['has space', 'x'.repeat(65), '<script>', 'a@b.com']) {
        expect((await sent(bad)).headers.get('x-request-id')).not.toBe(bad);
      }
    } finally {
      trustProxy = false;
    }
  });

  it('reads a JSON body sent with its length or in chunks, and refuses either over 64 KiB with 413', async () => {
    const post = (body: BodyInit) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'X-API-Key': DEFAULT_API_KEY, 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
    const chunked = (text: string) =>
      new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
          controller.close();
        },
      });
    const small = JSON.stringify({ email: 'not-an-email', password: 'x' });
    const large = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) });
    // Read and checked: the fields come back as invalid, whichever way the body came.
    for (const answer of [await post(small), await post(chunked(small))]) {
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.code).toBe('invalid_input');
    }
    for (const answer of [await post(large), await post(chunked(large))]) {
      expect(answer.status).toBe(413);
      expect((await answer.json()).error.code).toBe('payload_too_large');
    }
  });
});
