// The production server (src/server/http/server.ts): precompressed pages, caching, byte ranges, methods,
// security headers, the data folder's modes, and that it never serves a file from outside the build.
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';

test('pages go out precompressed, with revalidation and security headers', async ({ request }) => {
  const cases: [accept: string, encoding: string][] = [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ];
  for (const [accept, encoding] of cases) {
    const answer = await request.get('/news', { headers: { 'Accept-Encoding': accept } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-encoding']).toBe(encoding);
    expect(answer.headers()['cache-control']).toBe('public, no-cache');
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    expect(await answer.text()).toContain('<h1');
  }
});

test('hashed assets are cached for a year, and a repeat visit gets 304', async ({ request }) => {
  const page = await (await request.get('/news')).text();
  const asset = page.match(/\/_astro\/[^"']+\.(css|js)/)?.[0];
  expect(asset).toBeTruthy();
  const first = await request.get(asset as string);
  expect(first.headers()['cache-control']).toContain('immutable');
  const again = await request.get(asset as string, {
    headers: { 'If-None-Match': first.headers().etag ?? '' },
  });
  expect(again.status()).toBe(304);
});

test('paths that climb out of the build are not served', async ({ request }) => {
  // An encoded slash is refused before any rule reads the path (src/server/http/request-path.ts);
  // encoded dots are dots, and dot segments cannot climb above the root.
  const paths: [string, number][] = [
    ['/..%2f..%2fpackage.json', 400],
    ['/%2e%2e/%2e%2e/package.json', 404],
    ['/../server/entry.mjs', 404],
  ];
  for (const [path, status] of paths) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(status);
    expect(await answer.text()).not.toContain('"devDependencies"');
  }
});

test('a Range request gets 206 and only those bytes (the hero video plays in Safari)', async ({
  request,
}) => {
  const whole = await request.get('/media/home/hero.mp4');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const size = (await whole.body()).length;
  const part = await request.get('/media/home/hero.mp4', { headers: { Range: 'bytes=0-1' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 0-1/${size}`);
  expect((await part.body()).length).toBe(2);
  // The last bytes (a suffix range), and a reversed range that once brought the whole server down.
  const tail = await request.get('/media/home/hero.mp4', { headers: { Range: 'bytes=-3' } });
  expect(tail.headers()['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
  expect(await tail.body()).toEqual((await whole.body()).subarray(size - 3));
  const reversed = await request.get('/media/home/hero.mp4', { headers: { Range: 'bytes=500-100' } });
  expect(reversed.status()).toBe(416);
  expect((await request.get('/media/home/hero.mp4')).status()).toBe(200);
});

test('Accept-Encoding q-values are honoured; br is preferred when both are acceptable', async ({
  request,
}) => {
  const cases: [accept: string, encoding: string | undefined][] = [
    ['br;q=0, gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
  ];
  for (const [accept, encoding] of cases) {
    const answer = await request.get('/news', { headers: { 'Accept-Encoding': accept } });
    expect(answer.status(), accept).toBe(200);
    expect(answer.headers()['content-encoding'], accept).toBe(encoding);
    expect(answer.headers().vary, accept).toBe('Accept-Encoding');
  }
});

test('pages rendered on request go out compressed too', async ({ request }) => {
  for (const path of ['/stores', '/stores/1', '/specials', '/frame/charge-card']) {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await request.get(path, { headers: { 'Accept-Encoding': accept } });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['content-encoding'], `${path} ${accept}`).toBe(encoding);
      expect(answer.headers().vary, path).toMatch(/Accept-Encoding/i);
      expect(await answer.text(), path).toContain('</html>');
    }
  }
});

test('a page revisited with its ETag gets 304', async ({ request }) => {
  const headers = { 'Accept-Encoding': 'br' };
  const first = await request.get('/news', { headers });
  const etag = first.headers().etag ?? '';
  expect(etag).toMatch(/^"[\w-]+"$/); // strong: made from the content (static-files.ts)
  const again = await request.get('/news', { headers: { ...headers, 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

/** A raw request through node:http (fetch and Playwright refuse methods such as TRACE). */
function rawRequest(baseURL: string, method: string, path: string) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method, path, headers: { 'X-API-Key': DEFAULT_API_KEY } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
      },
    );
    req.on('connect', (res) => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: '' }));
    req.on('error', reject);
    req.end();
  });
}

test('TRACE and other unsupported methods get 405 with Allow, never a 500', async ({ baseURL }) => {
  const cases: [method: string, path: string, allow: string][] = [
    ['TRACE', '/', 'GET, HEAD'],
    ['TRACE', '/news', 'GET, HEAD'],
    ['TRACE', '/does-not-exist', 'GET, HEAD'],
    ['PROPFIND', '/news', 'GET, HEAD'],
    ['POST', '/news', 'GET, HEAD'],
    ['TRACE', '/api/v1/health', 'GET, HEAD'],
    ['PROPFIND', '/api/v1/auth/login', 'POST'],
    ['CONNECT', 'example.com:443', 'GET, HEAD'],
  ];
  for (const [method, path, allow] of cases) {
    const answer = await rawRequest(baseURL as string, method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.allow, `${method} ${path}`).toBe(allow);
    expect(answer.body).not.toMatch(/\bat .+:\d+/); // no stack trace
  }
});

const metaPolicy = (html: string) =>
  html
    .match(/<meta[^>]+http-equiv="content-security-policy"[^>]*content="([^"]*)"/i)?.[1]
    ?.replaceAll('&#39;', "'")
    .replace(/;+\s*$/, '');

test('every HTML answer carries its CSP as a header, with frame-ancestors', async ({ request }) => {
  for (const [path, status] of [
    ['/', 200],
    ['/news', 200],
    ['/account/login', 200],
    ['/frame/charge-card', 200],
    ['/does-not-exist', 404],
    ['/500', 404], // the error page's own address is no page (never a 5xx)
  ] as const) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(status);
    const header = answer.headers()['content-security-policy'] ?? '';
    expect(header, path).toContain("frame-ancestors 'self'");
    expect(header, path).toContain("object-src 'none'");
    const meta = metaPolicy(await answer.text());
    if (meta) expect(header.startsWith(meta), path).toBe(true); // the page's own hashes
  }
});

test('the 404 page is never kept: a path may hold a page after the next import or deploy', async ({
  request,
}) => {
  const answer = await request.get('/no/such/page');
  expect(answer.status()).toBe(404);
  expect(answer.headers()['cache-control']).toBe('no-store');
});

test('HSTS is sent only over HTTPS; a forwarded proto is believed only behind TRUST_PROXY', async ({
  request,
}) => {
  // The test server runs on plain HTTP without TRUST_PROXY (src/server/http/headers.test.ts covers
  // the trusted proxy).
  for (const headers of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
    const answer = await request.get('/news', { headers });
    expect(answer.headers()['strict-transport-security']).toBeUndefined();
  }
});

test('the database, its -wal/-shm files and the secret are readable by the owner only', async ({
  request,
}) => {
  await request.get('/api/v1/health', { headers: { 'X-API-Key': DEFAULT_API_KEY } });
  const dataDir = process.env.E2E_DATA_DIR as string;
  // The keys beside the data folder, not in it (playwright.config.ts): a backup of the data holds none.
  const keysDir = `${dataDir}-keys`;
  for (const dir of [dataDir, keysDir]) expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
  for (const name of ['kwikfill.sqlite', 'kwikfill.sqlite-wal', 'kwikfill.sqlite-shm']) {
    expect(statSync(join(dataDir, name)).mode & 0o777, name).toBe(0o600);
  }
  expect(statSync(join(keysDir, 'secret.key')).mode & 0o777).toBe(0o600);
  expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
});

test('an API address spelled with %-encoded letters is the API, with the API headers', async ({
  request,
}) => {
  const headers = { 'X-API-Key': DEFAULT_API_KEY };
  const plain = await request.get('/api/v1/store?size=1', { headers });
  const encoded = await request.get('/%61pi/v1/store?size=1', { headers });
  expect(encoded.status()).toBe(plain.status());
  expect(encoded.headers()['content-type']).toBe(plain.headers()['content-type']);
  expect(encoded.headers()['cache-control']).toBe(plain.headers()['cache-control']);
  expect(encoded.headers()['content-security-policy']).toBe(plain.headers()['content-security-policy']);
  expect(await encoded.json()).toEqual(await plain.json());
});
