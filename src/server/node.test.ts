// The Node server's binding of the API (node.ts), over a real node:http server as scripts/serve.mjs
// uses it: the answers it shapes itself rather than through the app.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../lib/api-key';

const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-node-test-'));
let server: http.Server;
let base: string;
let node: typeof import('./node');

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL; // the binding's own database: SQLite in the temp folder
  node = await import('./node');
  await node.prepareDatabase();
  server = http.createServer((req, res) => node.apiListener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await node.closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { 'X-API-Key': DEFAULT_API_KEY }) =>
  fetch(`${base}/api/v1${path}`, { headers });

describe('the Node binding of the API', () => {
  it('sends Cache-Control: no-store on every answer, errors too, and lets a route set its own', async () => {
    for (const answer of [await get('/health'), await get('/nothing'), await get('/health', {})]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const list = await get('/store?size=1');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-cache'); // one header, the route's
  });
});
