// The maintenance screen as the Node server answers it: 503, Retry-After, no-store, its own CSP, and
// the encoding negotiated as for every prebuilt file (q-values honoured, not a substring match).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keepPrivate, maintenanceScreen } from './page.ts';
import { RETRY_AFTER_SECONDS } from './state.ts';

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-maintenance-page-'));
const html = `<!doctype html><title>We'll be back!</title>${'<p>soon</p>'.repeat(50)}`;
let server: Server;
let base = '';
beforeAll(async () => {
  mkdirSync(join(dir, 'maintenance'));
  writeFileSync(join(dir, 'maintenance', 'index.html'), html);
  const policies = new Map([['/maintenance/index.html', "default-src 'self'"]]);
  server = createServer(maintenanceScreen(dir, policies));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer: node:http's client, which leaves the body as it came. */
const raw = (acceptEncoding?: string, method = 'GET') =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    const req = request(`${base}/any/page`, { method, headers }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });

it("answers 503 with Retry-After, no-store and the screen's own CSP", async () => {
  const answer = await raw();
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
  expect(answer.body.toString()).toBe(html);
});

it('sends gzip to a client that accepts it, and plain HTML to one that refuses it by q=0', async () => {
  const gzipped = await raw('br, gzip');
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipped.body).toString()).toBe(html);
  const refused = await raw('gzip;q=0, deflate');
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body.toString()).toBe(html);
});

it('answers HEAD with the headers only', async () => {
  const answer = await raw('gzip', 'HEAD');
  expect(answer.status).toBe(503);
  expect(answer.body.length).toBe(0);
});

it('keeps what an operator sees through maintenance out of every cache: private, no-store, no CDN header', () => {
  const headers = new Map<string, string>([
    ['cache-control', 'public, no-cache'],
    ['cdn-cache-control', 'public, max-age=86400'],
    ['surrogate-key', 'stores pages'],
    ['cache-tag', 'stores,pages'],
  ]);
  keepPrivate({
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  } as never);
  expect(Object.fromEntries(headers)).toEqual({ 'cache-control': 'private, no-store' });
});
