// Byte ranges of the static files: a Range header sirv cannot read (the fuzzer's `bytes=5-1` made it
// throw from inside its file stream and killed the whole server) is ignored and the file sent whole.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles, usableRange } from './static-files.mjs';

const dir = mkdtempSync(join(tmpdir(), 'static-files-'));
const big = Buffer.alloc(100 * 1024, 'v'); // over the in-memory limit: read from disk by sirv
let server: http.Server;
let base: string;

beforeAll(async () => {
  writeFileSync(join(dir, 'video.mp4'), big);
  writeFileSync(join(dir, 'small.txt'), 'hello');
  const files = staticFiles(dir, new Map());
  server = http.createServer((req, res) => files(req, res, req.url ?? '/', () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('usableRange', () => {
  it('keeps the ranges media players ask for', () => {
    expect(usableRange('bytes=0-')).toBe(true);
    expect(usableRange('bytes=100-')).toBe(true);
    expect(usableRange('bytes=0-99')).toBe(true);
    expect(usableRange('bytes=5-5')).toBe(true);
  });

  it('drops backwards, suffix, multiple and malformed ranges', () => {
    for (const header of ['bytes=5-1', 'bytes=-1', 'bytes=0-1,2-3', 'bytes=abc', 'items=0-1', 'bytes=', '']) {
      expect(usableRange(header), header).toBe(false);
    }
  });
});

describe('a file read from disk', () => {
  it('answers a backwards range with the whole file, and keeps serving', async () => {
    const answer = await fetch(`${base}/video.mp4`, { headers: { Range: 'bytes=5-1' } });
    expect(answer.status).toBe(200);
    expect((await answer.arrayBuffer()).byteLength).toBe(big.length);
    expect((await fetch(`${base}/small.txt`)).status).toBe(200);
  });

  it('still answers a good range with 206 and the bytes asked for', async () => {
    const answer = await fetch(`${base}/video.mp4`, { headers: { Range: 'bytes=10-19' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes 10-19/${big.length}`);
    expect((await answer.arrayBuffer()).byteLength).toBe(10);
  });
});
