// The prebuilt files as the production server sends them, asked for with raw request targets (no
// client in between to tidy them): a file under /media carries its own policy however the path is
// written, and no path leaves the client folder, whole or as a byte range.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_POLICY } from '../../lib/security-headers.ts';
import { staticFiles } from './static-files.ts';

const root = mkdtempSync(join(tmpdir(), 'kwikfill-static-'));
const client = join(root, 'client');
mkdirSync(join(client, 'media', 'offers'), { recursive: true });
writeFileSync(join(root, 'secret.txt'), 'SECRET outside the client folder');
writeFileSync(join(client, 'media', 'offers', 'pie.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(client, 'media', 'big.mp4'), Buffer.alloc(100 * 1024)); // too big to keep in memory
writeFileSync(join(client, 'index.html'), '<p>home</p>');

let server: http.Server;
let port: number;
beforeAll(async () => {
  const files = staticFiles(client, new Map());
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let file: string;
    try {
      file = decodeURI(path); // as server.ts hands paths over
    } catch {
      file = path;
    }
    files(req, res, file, () => res.writeHead(404).end('not found'));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with the target sent exactly as written. */
const get = (target: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('files under /media', () => {
  it('carry a policy that lets them load and run nothing, from memory, from disk and as a range', async () => {
    for (const [target, headers] of [
      ['/media/offers/pie.svg', {}],
      ['/media/big.mp4', {}],
      ['/media/big.mp4', { Range: 'bytes=0-9' }],
    ] as const) {
      const answer = await get(target, headers);
      expect(answer.status, target).toBeLessThan(300);
      expect(answer.headers['content-security-policy'], target).toBe(MEDIA_POLICY);
    }
    expect(MEDIA_POLICY).toMatch(/^default-src 'none';.*\bsandbox\b/);
    expect((await get('/index.html')).headers['content-security-policy']).toBeUndefined();
  });

  it('are not served without it under another spelling of the path', async () => {
    for (const target of [
      '//media/offers/pie.svg',
      '/media/./offers/pie.svg',
      '/x/../media/offers/pie.svg',
      '//media/big.mp4',
    ]) {
      for (const headers of [{}, { Range: 'bytes=0-9' }] as Record<string, string>[]) {
        const answer = await get(target, headers);
        if (answer.status < 300)
          expect(answer.headers['content-security-policy'], `${target} ${headers.Range ?? ''}`).toBe(
            MEDIA_POLICY,
          );
      }
    }
  });
});

describe('paths that climb out of the client folder', () => {
  it('are never answered with a file outside it, whole or as a range', async () => {
    for (const target of [
      '/../secret.txt',
      '/media/offers/../../../secret.txt',
      '/%2e%2e/secret.txt',
      '/media/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/media/offers/..%5c..%5c..%5csecret.txt',
      '/media\\..\\..\\secret.txt',
    ]) {
      for (const headers of [{}, { Range: 'bytes=0-5' }] as Record<string, string>[]) {
        const answer = await get(target, headers);
        expect(answer.body, target).not.toContain('SECRET');
        expect(answer.status, target).toBe(404);
      }
    }
  });
});
