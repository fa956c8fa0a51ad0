import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { REVALIDATION_HEADERS } from '../../lib/cache-policy.ts';
import { createMetrics } from './metrics-registry.ts';
import { type PageCacheOptions, pageCache } from './page-cache.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A page the stand-in renderer makes: its data's version in a page of `size` bytes. */
interface Site {
  version: number;
  renders: string[];
  status: number;
  size: number;
  setCookie: boolean;
  clock: number;
}

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(options: Partial<PageCacheOptions> = {}) {
  const site: Site = {
    version: 1,
    renders: [],
    status: 200,
    size: 4000,
    setCookie: false,
    clock: Date.UTC(2026, 5, 1, 15),
  };
  const render: PageCacheOptions['render'] = (req, res, tee) => {
    tee?.(res);
    site.renders.push(req.url ?? '');
    const text = `<p>${req.url} version ${site.version}</p>`;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    if (site.setCookie) res.setHeader('Set-Cookie', 'a=b');
    res.writeHead(site.status);
    res.write(text);
    res.end('.'.repeat(Math.max(0, site.size - text.length - 1)));
  };
  const cache = pageCache({
    render,
    fingerprint: async (sources) => `${sources.join('+')}:${site.version}`,
    now: () => site.clock,
    ...options,
  });
  const listening = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('X-Request-Id', String(Math.random()));
    void Promise.resolve(cache.answer(req, res)).then((done) => (done ? undefined : cache.render(req, res)));
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const port = (listening.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject)
        .end();
    });
  return { site, get };
}

describe('the page cache', () => {
  test('renders a page once per fingerprint, then answers the same bytes from memory', async () => {
    const { site, get } = await start();
    const first = await get('/stores');
    const second = await get('/stores');
    expect(site.renders).toEqual(['/stores']);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // The path's caching (cache-policy.ts), as the server's own answer sets it.
    expect(second.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(second.headers['cache-tag']).toBe('stores,pages');
    expect(second.headers.etag).toMatch(/^"[\w-]{27}"$/); // strong, from the content
    // The headers of one request are its own, never the kept ones.
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test('counts its hits, misses and the bytes it answered for the metrics (docs/metrics.md)', async () => {
    const { registry } = await createMetrics({
      deps: () => Promise.reject(new Error('none')),
      ready: async () => true,
    });
    const { get } = await start();
    await get('/stores'); // rendered: a miss
    await get('/stores'); // from memory: its 3,999 bytes
    await get('/stores', { 'If-None-Match': (await get('/stores')).headers.etag as string }); // a 304: no bytes
    const text = await registry.metrics();
    expect(text).toContain('kwikfill_page_cache_requests_total{outcome="miss"} 1\n');
    expect(text).toContain('kwikfill_page_cache_requests_total{outcome="hit"} 3\n');
    expect(text).toContain('kwikfill_page_cache_sent_bytes_total 7998\n');
  });

  test('a change of the data renders the page again', async () => {
    const { site, get } = await start();
    await get('/stores');
    const before = await get('/stores');
    site.version = 2;
    const after = await get('/stores');
    expect(site.renders).toHaveLength(2);
    expect(after.body.toString()).toContain('version 2');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await get('/stores');
    expect(site.renders).toHaveLength(2);
  });

  test('a new day renders every page again; a new minute none (the store pages show no clock)', async () => {
    const { site, get } = await start();
    await get('/stores');
    await get('/stores/1');
    site.clock += 60_000;
    await get('/stores');
    await get('/stores/1');
    expect(site.renders).toEqual(['/stores', '/stores/1']);
    site.clock += 24 * 3600_000;
    await get('/stores');
    expect(site.renders).toHaveLength(3);
  });

  test('a page that runs to the next day is sent with the lifetime left at each answer', async () => {
    const { site, get } = await start();
    site.clock = Date.UTC(2026, 5, 1, 22); // 18:00 in New York
    await get('/specials'); // rendered (the server's own answer gets its caching as it goes out)
    const first = await get('/specials');
    site.clock += 3600_000;
    const later = await get('/specials');
    expect(site.renders).toHaveLength(1);
    expect(first.headers['cdn-cache-control']).toMatch(/max-age=21600,/);
    expect(later.headers['cdn-cache-control']).toMatch(/max-age=18000,/);
    expect(later.headers['surrogate-control']).toMatch(/^max-age=18000,/);
  });

  test('sends the compressed copy the browser accepts, each with its own ETag, and 304 for a revisit', async () => {
    const { site, get } = await start();
    const plain = await get('/stores');
    const br = await get('/stores', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/stores', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    const revisit = await get('/stores', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revisit.status).toBe(304);
    expect(revisit.body).toHaveLength(0);
    expect(revisit.headers.etag).toBe(br.headers.etag);
    // RFC 9110 15.4.5: every cache header of the 200, so a CDN keeps its copy as long as the 200 said.
    for (const name of REVALIDATION_HEADERS) expect(revisit.headers[name], name).toBe(br.headers[name]);
    expect(revisit.headers['cdn-cache-control']).toMatch(/^public, max-age=86400,/);
    site.version = 2;
    expect((await get('/stores', { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  test('HEAD is answered from memory with the headers of a GET and no body', async () => {
    const { site, get } = await start();
    const full = await get('/stores/7');
    const head = await get('/stores/7', {}, 'HEAD');
    expect(site.renders).toHaveLength(1);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.body).toHaveLength(0);
  });

  test('keeps no more bytes than its ceiling: the least recently used page goes first', async () => {
    const { site, get } = await start({ maxStorePageBytes: 11_000 });
    await get('/stores/1');
    await get('/stores/2');
    await get('/stores/1'); // now the more recently used
    await get('/stores/3'); // over the ceiling: /stores/2 goes
    await get('/stores/1');
    await get('/stores/2');
    expect(site.renders).toEqual(['/stores/1', '/stores/2', '/stores/3', '/stores/2']);
  });

  test('the store pages keep their share: no number of other pages pushes them out', async () => {
    const { site, get } = await start({ maxBytes: 11_000 });
    await get('/stores/1');
    for (const slug of ['charge-card', 'fleet-fueling', 'test']) await get(`/frame/${slug}`);
    await get('/stores/1');
    expect(site.renders.filter((path) => path === '/stores/1')).toHaveLength(1);
  });

  test('one key per page, whatever the encoding of its path or a trailing slash', async () => {
    const { site, get } = await start();
    await get('/stores/1');
    await get('/stores/%31');
    await get('/stores/1/');
    expect(site.renders).toEqual(['/stores/1']);
    await get('/stores/%ZZ'); // broken %-encoding: rendered for itself (a 404), never kept
    await get('/stores/%ZZ');
    expect(site.renders).toHaveLength(3);
  });

  test('a request with a cookie or authorization, or a query the page does not read, is rendered for itself', async () => {
    const { site, get } = await start();
    await get('/stores');
    await get('/stores', { cookie: 'kf_operator=1' });
    await get('/stores', { authorization: 'Bearer x' });
    await get('/stores?utm_source=radio');
    await get('/stores/1?q=x');
    expect(site.renders).toHaveLength(5);
  });

  test('the parameters a page reads are part of its key, kept apart from the query-less pages', async () => {
    const { site, get } = await start({ maxQueryBytes: 6000 });
    await get('/stores');
    await get('/stores?q=Warren');
    await get('/stores?q=Warren');
    await get('/stores?filter=diesel&q=Warren'); // another search: the query store holds one page
    await get('/stores?q=Warren&filter=diesel'); // the same search
    await get('/stores?q=Warren');
    await get('/stores');
    expect(site.renders).toEqual([
      '/stores',
      '/stores?q=Warren',
      '/stores?filter=diesel&q=Warren',
      '/stores?q=Warren',
    ]);
  });

  test('pages not in its list, error answers and answers that set a cookie are never kept', async () => {
    const { site, get } = await start();
    await get('/account/profile');
    await get('/account/profile');
    site.status = 404;
    await get('/stores/999');
    await get('/stores/999');
    site.status = 200;
    site.setCookie = true;
    await get('/specials');
    await get('/specials');
    expect(site.renders).toHaveLength(6);
  });

  test('a stale page whose new render fails is dropped, not answered', async () => {
    const { site, get } = await start();
    await get('/giveaway/rules/p1');
    site.version = 2;
    site.status = 404;
    expect((await get('/giveaway/rules/p1')).status).toBe(404);
    site.version = 1; // even the old fingerprint finds nothing kept
    site.status = 200;
    await get('/giveaway/rules/p1');
    expect(site.renders).toHaveLength(3);
  });
});
