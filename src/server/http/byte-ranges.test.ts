// Byte ranges as RFC 9110 has them, on a real node:http server over a temp folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRange } from './byte-ranges.ts';

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-ranges-'));
const body = Buffer.from('0123456789abcdefghij'); // 20 bytes
let server: Server;
let base = '';
beforeAll(async () => {
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, 'media', 'clip.mp4'), body);
  writeFileSync(join(dir, '.secret'), 'no');
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const answered = answerRange(req, res, dir, path, { 'Cache-Control': 'public, no-cache' });
    if (!answered) res.end(`whole file, range ${req.headers.range ?? 'dropped'}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (range: string, headers: Record<string, string> = {}, path = '/media/clip.mp4') => {
  const answer = await fetch(base + path, { headers: { Range: range, ...headers } });
  return { status: answer.status, range: answer.headers.get('content-range'), text: await answer.text() };
};

describe('byte ranges', () => {
  it('answers one range with 206 and exactly those bytes, suffix and open ranges included', async () => {
    expect(await get('bytes=0-1')).toEqual({ status: 206, range: 'bytes 0-1/20', text: '01' });
    expect(await get('bytes=0-0')).toEqual({ status: 206, range: 'bytes 0-0/20', text: '0' });
    expect(await get('bytes=-5')).toEqual({ status: 206, range: 'bytes 15-19/20', text: 'fghij' });
    expect(await get('bytes=18-')).toEqual({ status: 206, range: 'bytes 18-19/20', text: 'ij' });
    expect(await get('bytes=15-99')).toEqual({ status: 206, range: 'bytes 15-19/20', text: 'fghij' });
  });

  it('answers a range past the end or reversed with 416, and the whole file for anything else it cannot serve as one range', async () => {
    expect(await get('bytes=20-')).toMatchObject({ status: 416, range: 'bytes */20' });
    // sirv crashed the whole server on this one.
    expect(await get('bytes=9-2')).toMatchObject({ status: 416, range: 'bytes */20' });
    for (const range of ['bytes=x-y', 'items=0-5', 'bytes=0-1,5-6', 'bytes=']) {
      expect(await get(range)).toMatchObject({ status: 200, text: 'whole file, range dropped' });
    }
    // Adjacent ranges are one range.
    expect(await get('bytes=0-1,2-3')).toMatchObject({ status: 206, text: '0123' });
  });

  it('honours If-Range by date only, and never serves outside the folder or a dotfile', async () => {
    expect((await get('bytes=0-1', { 'If-Range': 'W/"20-1"' })).status).toBe(200);
    expect((await get('bytes=0-1', {}, '/../etc/passwd')).status).toBe(200);
    expect((await get('bytes=0-1', {}, '/.secret')).text).toBe('whole file, range dropped');
    expect((await get('bytes=0-1', {}, '/missing.mp4')).text).toBe('whole file, range dropped');
  });
});
