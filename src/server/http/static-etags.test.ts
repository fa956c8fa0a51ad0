// The ETag of a prebuilt file is made from its content: two builds of the same content (other file
// times, other machines) answer the same ETag, so a revisit after a deploy is still a 304.
import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVALIDATION_HEADERS } from '../../lib/cache-policy.ts';
import { staticFiles } from './static-files.ts';

const dirs: string[] = [];
const servers: Server[] = [];

/** A client folder with a small page (and its .br copy) and a file too large to keep in memory. */
function build(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kf-static-'));
  dirs.push(dir);
  const page = `<!doctype html><title>News</title>${'<p>news</p>'.repeat(100)}`;
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(join(dir, 'video.mp4'), Buffer.alloc(200 * 1024, 7));
  return dir;
}

async function serve(dir: string): Promise<string> {
  const files = staticFiles(dir, new Map());
  const server = createServer((req, res) =>
    files(req, res, (req.url ?? '/').split('?')[0] ?? '/', () => res.writeHead(404).end()),
  );
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let first: string;
let second: string;
beforeAll(async () => {
  const one = build();
  const two = mkdtempSync(join(tmpdir(), 'kf-static-'));
  dirs.push(two);
  cpSync(one, two, { recursive: true });
  const later = new Date(Date.UTC(2030, 0, 1));
  for (const name of ['index.html', 'index.html.br', 'video.mp4']) utimesSync(join(two, name), later, later);
  first = await serve(one);
  second = await serve(two);
});
afterAll(() => {
  for (const server of servers) server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { 'Accept-Encoding': 'identity', ...headers } });

describe('content ETags', () => {
  it('are strong and the same for two builds of the same content with other file times', async () => {
    for (const path of ['/', '/video.mp4']) {
      const [a, b] = await Promise.all([get(first, path), get(second, path)]);
      const etag = a.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]{27}"$/);
      expect(b.headers.get('etag'), path).toBe(etag);
      expect(a.headers.get('last-modified'), path).not.toBe(b.headers.get('last-modified'));
    }
  });

  it('differ by encoding, each copy being a representation of its own', async () => {
    const plain = await get(first, '/');
    const br = await get(first, '/', { 'Accept-Encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`${plain.headers.get('etag')?.slice(0, -1)}-br"`);
  });

  it("answer If-None-Match with a 304, from either build's ETag, small file or large", async () => {
    for (const path of ['/', '/video.mp4']) {
      const etag = (await get(first, path)).headers.get('etag') ?? '';
      const again = await get(second, path, { 'If-None-Match': `"other", ${etag}` });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect((await get(second, path, { 'If-None-Match': '"other"' })).status, path).toBe(200);
    }
  });

  it('repeat the cache headers of the 200 on a 304 (RFC 9110 15.4.5): the CDN keeps the page until the deploy', async () => {
    const full = await get(first, '/');
    const again = await get(first, '/', { 'If-None-Match': full.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    for (const name of REVALIDATION_HEADERS)
      expect(again.headers.get(name), name).toBe(full.headers.get(name));
    expect(again.headers.get('cdn-cache-control')).toMatch(/^public, max-age=31536000,/);
    expect(again.headers.get('cache-tag')).toBe('pages');
  });

  it('let a byte range be resumed with If-Range and the ETag', async () => {
    const etag = (await get(first, '/video.mp4')).headers.get('etag') ?? '';
    const part = await get(second, '/video.mp4', { Range: 'bytes=0-9', 'If-Range': etag });
    expect(part.status).toBe(206);
    expect(part.headers.get('etag')).toBe(etag);
    expect((await get(second, '/video.mp4', { Range: 'bytes=0-9', 'If-Range': '"old"' })).status).toBe(200);
  });
});
