// A real Varnish (Debian's `varnish` and `varnish-modules`, tests/support/ensure-varnish.sh) with the VCL
// of ops/varnish/ as it is, in front of built servers: two on one PostgreSQL under with-postgres.sh, else
// one on SQLite. Only backends.vcl is the test's own (the servers' spare ports). Shown: shared answers come
// from Varnish's cache, a price change through `stores prices` (VARNISH_PURGE_URL) is fresh through it at
// once, a member's answers are never kept, and each encoding is a copy of its own that decodes to the same
// page. Varnish listens on loopback only, keeps its work folder in a temp folder and is stopped after.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/features/account/account.sample.ts';
import { admin } from '../support/admin.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { skipWithout } from '../support/requirements.ts';
import { type RunningVarnish, startVarnish, varnishAvailable } from '../support/varnish.mjs';
import { API, apiHeaders, freshPostgresDatabase } from './helpers.ts';

const skip = skipWithout(varnishAvailable(), 'varnishd is missing: bash tests/support/ensure-varnish.sh');
const asRoot = process.getuid?.() === 0;

let servers: BuiltServer[] = [];
let database: { url: string; drop: () => Promise<void> } | undefined;
let varnish: RunningVarnish | undefined;
let base = '';

beforeAll(async () => {
  if (skip) return;
  database = await freshPostgresDatabase();
  const env = { DATABASE_URL: database?.url, TRUST_PROXY: '1', LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '1' };
  servers.push(await startBuiltServer({ seed: true, env }));
  if (database) servers.push(await startBuiltServer({ env }));
  varnish = await startVarnish({ backends: servers.map((server) => server.base) });
  base = varnish.base;
});

afterAll(async () => {
  await varnish?.stop();
  for (const server of servers) await server.close();
  servers = [];
  await database?.drop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** One request through Varnish as sent (no decoding, no Accept-Encoding unless given). */
function raw(
  path: string,
  {
    method = 'GET',
    headers = {},
    localAddress,
  }: { method?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method, headers, localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const decoded = ({ headers, bytes }: Raw) =>
  (headers['content-encoding'] === 'br'
    ? brotliDecompressSync(bytes)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(bytes)
      : bytes
  ).toString('utf8');

/** Answered from Varnish's cache: its hit mark, and X-Varnish names this request and the one that fetched it. */
const fromCache = (answer: Raw) =>
  answer.headers['x-cache'] === 'HIT' && String(answer.headers['x-varnish']).split(' ').length === 2;

const CDN_ONLY = [
  'surrogate-control',
  'surrogate-key',
  'cdn-cache-control',
  'netlify-cdn-cache-control',
  'cache-tag',
  'netlify-cache-tag',
  'xkey',
];

describe.skipIf(skip)('a real Varnish with ops/varnish/default.vcl in front of the built servers', () => {
  it('answers shared pages and public reads from its cache, and no CDN header reaches the browser', async () => {
    const key = { 'x-api-key': apiHeaders()['X-API-Key'] as string };
    for (const [path, headers] of [
      ['/', {}],
      ['/stores', {}],
      ['/stores/1', {}],
      [`${API}/store-prices`, key],
      [`${API}/promotion?active_only=true`, key],
    ] as const) {
      const first = await raw(path, { headers });
      expect(first.status, path).toBe(200);
      const second = await raw(path, { headers });
      expect(fromCache(second), `${path}: ${JSON.stringify(second.headers)}`).toBe(true);
      expect(decoded(second), path).toBe(decoded(first));
      for (const name of CDN_ONLY) expect(second.headers[name], `${path} ${name}`).toBeUndefined();
    }
  });

  it('keeps nothing of a member: the API with a bearer token, the account pages', async () => {
    const login = await fetch(`${base}${API}/auth/login`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const member = { ...apiHeaders(), Authorization: `Bearer ${token}` };
    for (let i = 0; i < 3; i++) {
      const profile = await raw(`${API}/me/profile`, { headers: member });
      expect(profile.status).toBe(200);
      expect(profile.headers['x-cache']).toBe('PASS');
      expect(decoded(profile)).toContain(DEMO_ACCOUNT.email);
    }
    // The same address without the token: the server's refusal, never the member's answer.
    const stranger = await raw(`${API}/me/profile`, { headers: apiHeaders() });
    expect(stranger.status).toBe(401);
    expect(decoded(stranger)).not.toContain(DEMO_ACCOUNT.email);
    for (const path of ['/account', '/account/entries', '/account/login']) {
      for (let i = 0; i < 2; i++) {
        const page = await raw(path, { headers: { 'accept-encoding': 'br' } });
        expect(page.headers['cache-control'], path).toContain('private');
        expect(page.headers['x-cache'], path).not.toBe('HIT');
      }
    }
  });

  it('keeps a copy per encoding (br, gzip, none), each decoding to the same page', async () => {
    const path = '/stores/2';
    const pages: string[] = [];
    for (const [encoding, sent] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      [undefined, 'identity'],
    ] as const) {
      const headers = { 'accept-encoding': sent };
      const first = await raw(path, { headers });
      expect(first.headers['x-cache'], sent).toBe('MISS'); // its own copy, not another encoding's
      expect(first.headers['content-encoding'], sent).toBe(encoding);
      const second = await raw(path, { headers });
      expect(fromCache(second), sent).toBe(true);
      expect(second.headers['content-encoding'], sent).toBe(encoding);
      pages.push(decoded(second));
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('</html>');
    // A browser's list is cut to the best coding the server makes: the br copy.
    const browser = await raw(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(fromCache(browser)).toBe(true);
    expect(browser.headers['content-encoding']).toBe('br');
  });

  it('makes a price change through `stores prices` fresh through Varnish at once (VARNISH_PURGE_URL)', async () => {
    const key = { 'x-api-key': apiHeaders()['X-API-Key'] as string };
    const pricesOf = async () => {
      const answer = await raw(`${API}/store-prices`, { headers: key });
      return {
        answer,
        gas: (JSON.parse(decoded(answer)) as { prices: Record<string, { gas_price: string }> }).prices['1']
          ?.gas_price,
      };
    };
    await pricesOf();
    const before = await pricesOf();
    expect(fromCache(before.answer)).toBe(true);
    const page = await raw('/stores/1/prices');
    expect(fromCache(await raw('/stores/1/prices'))).toBe(true);
    const price = before.gas === '4.321' ? '4.323' : '4.321';
    expect(decoded(page)).not.toContain(`$${price}`);

    const file = join(varnish?.folder as string, 'prices.csv');
    writeFileSync(file, `store_number,gas_price,diesel_price\n1,${price},\n`);
    const [server] = servers as [BuiltServer];
    const out = await admin(['stores', 'prices', file], { ...server.env, VARNISH_PURGE_URL: base });
    expect(out).toContain('CDN purged (varnish): prices');
    // The command returns once Varnish confirmed: the next visitor already gets the new price.
    const after = await pricesOf();
    expect(after.gas).toBe(price);
    expect(after.answer.headers['x-cache']).toBe('MISS');
    expect(decoded(await raw('/stores/1/prices'))).toContain(`$${price}`);
    expect(fromCache((await pricesOf()).answer)).toBe(true);
    // Other tags stay kept.
    expect(fromCache(await raw('/'))).toBe(true);
  });

  it("takes a purge from the operators' addresses only (acl purgers: loopback 127.0.0.1)", async () => {
    const outsider = await raw('/', {
      method: 'PURGE',
      headers: { 'xkey-purge': 'pages' },
      localAddress: '127.0.0.2',
    });
    expect(outsider.status).toBe(403);
    expect(fromCache(await raw('/'))).toBe(true);
    const operator = await raw('/', { method: 'PURGE', headers: { 'xkey-purge': 'pages' } });
    expect(operator.status).toBe(200);
    expect((await raw('/')).headers['x-cache']).toBe('MISS');
  });

  it.skipIf(!asRoot)('runs its worker as the vcache user, not root', () => {
    const users = execFileSync('ps', ['-o', 'user=', '--ppid', String(varnish?.child.pid)], {
      encoding: 'utf8',
    })
      .split('\n')
      .map((user) => user.trim())
      .filter(Boolean);
    expect(users).toContain('vcache');
  });
});
