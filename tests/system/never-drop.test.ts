// The server never drops a visitor (docs/decisions/0016-retries-uploads-and-lingering-close.md), on the
// BUILT server with a copy of dist/ whose files are removed and locked while it runs: a refused
// upload of several megabytes, or a GET that carries such a body, answered before its body is read,
// still reaches its client (no EPIPE, no reset); a file that is gone or unreadable costs that one
// answer, never the process.

import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { distDir } from '../../src/server/http/dist-dir.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { API, apiHeaders } from './helpers.ts';

let server: BuiltServer;
let copy: string;
beforeAll(async () => {
  // Inside the project (dist-* is ignored), so the rendered pages find node_modules as dist/ does.
  copy = mkdtempSync(join(process.cwd(), 'dist-never-drop-'));
  cpSync(distDir(''), copy, { recursive: true });
  server = await startBuiltServer({ env: { DIST_DIR: copy } });
});
afterAll(async () => {
  await server?.close();
  if (copy) {
    chmodRecursive(copy);
    rmSync(copy, { recursive: true, force: true });
  }
});

/** Gives back read access to everything the test locked, so the copy can be removed. */
function chmodRecursive(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory())
      chmodSync(join(entry.parentPath, entry.name), entry.isFile() ? 0o644 : 0o755);
  }
}

interface Outcome {
  /** The status the client read, or the error that ended the request (EPIPE, ECONNRESET). */
  status?: number;
  error?: string;
  /** The answer's body as the client read it. */
  body?: string;
}

/**
 * A request with a body of `bytes` that the server answers before reading it. The first 64 KB go at
 * once, the rest once the answer has come, as on a slow uplink where the answer arrives long before
 * the body is sent. Resolves what the client saw when the request is over.
 */
function answeredBeforeItsBody(
  url: string,
  options: { method: string; headers: Record<string, string> },
  bytes: number,
): Promise<Outcome> {
  const first = Math.min(bytes, 64 * 1024);
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: options.method,
      headers: { ...options.headers, 'Content-Length': String(bytes) },
    });
    const outcome: Outcome = {};
    let read = false;
    let sent = false;
    const done = () => {
      if ((read && sent) || outcome.error) resolve(outcome);
    };
    request.on('response', (response) => {
      outcome.status = response.statusCode;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        outcome.body = Buffer.concat(chunks).toString();
        read = true;
        done();
      });
      request.end(Buffer.alloc(bytes - first, 'x'), () => {
        sent = true;
        done();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? 'error';
      done();
    });
    request.write(Buffer.alloc(first, 'x'));
  });
}

/** An application upload of `bytes` without a form ticket: refused on its headers (400 too_fast). */
const refusedUpload = (base: string, bytes: number) =>
  answeredBeforeItsBody(
    `${base}${API}/applications/charge-card`,
    {
      method: 'POST',
      headers: { 'X-API-Key': DEFAULT_API_KEY, 'Content-Type': 'multipart/form-data; boundary=xREFUSEDx' },
    },
    bytes,
  );

/** GET of a path: the status read, or the error that ended it (the server went away). */
function get(path: string, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    http
      .get(`${server.base}${path}`, { headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }));
  });
}

/** The largest precompressed scripts of the copy, largest first, as URL paths and file paths. */
function largestScripts(count: number) {
  const dir = join(copy, 'client', '_astro');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(join(dir, name)).size }))
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map(({ name }) => ({ url: `/_astro/${name}`, file: join(dir, name) }));
}

describe('the server never drops a visitor', () => {
  it('answers every one of 20 refused uploads of 2 MB: the client reads the 400, never EPIPE', async () => {
    const outcomes: Outcome[] = [];
    for (let n = 0; n < 20; n++) outcomes.push(await refusedUpload(server.base, 2 * 1024 * 1024));
    const dropped = outcomes.filter((outcome) => outcome.error);
    console.info(`refused 2 MB uploads: ${dropped.length} of 20 ended in ${dropped.map((o) => o.error)}`);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill(400));
    expect(dropped).toEqual([]);
  });

  it('answers every one of 20 GETs that carry a 2 MB body and Connection: close: the whole list, never EPIPE', async () => {
    // A GET's body is ignored, but the client is still sending it when the answer goes out (seen once
    // in tests/system/fuzz.test.ts: a store list cut off by the reset).
    const url = `${server.base}${API}/store`;
    const whole = await (await fetch(url, { headers: apiHeaders() })).text();
    const outcomes: Outcome[] = [];
    for (let n = 0; n < 20; n++) {
      outcomes.push(
        await answeredBeforeItsBody(
          url,
          { method: 'GET', headers: { ...apiHeaders(), Connection: 'close' } },
          2 * 1024 * 1024,
        ),
      );
    }
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill(200));
    for (const outcome of outcomes) expect(outcome.body).toBe(whole);
  });

  it('survives files removed and locked under it: each costs one answer, refused uploads still answered', async () => {
    const [gone, locked, lockedPlain] = largestScripts(3);
    if (!gone || !locked || !lockedPlain) throw new Error('the build has no scripts');
    const encodings = { 'Accept-Encoding': 'br, gzip' };
    expect((await get(gone.url, encodings)).status).toBe(200);
    rmSync(`${gone.file}.br`);
    rmSync(`${gone.file}.gz`, { force: true });
    rmSync(gone.file);
    // Locked: unreadable for any user but root; a folder in a file's place is unreadable for root too.
    chmodSync(`${locked.file}.br`, 0o000);
    rmSync(lockedPlain.file);
    mkdirSync(lockedPlain.file);
    const answers = await Promise.all([
      get(gone.url, encodings),
      get(gone.url),
      get(locked.url, encodings),
      get(lockedPlain.url),
      refusedUpload(server.base, 3 * 1024 * 1024),
      refusedUpload(server.base, 5 * 1024 * 1024),
    ]);
    for (const answer of answers) expect(answer.error).toBeUndefined();
    expect(answers[0]?.status).toBe(404);
    expect(answers[1]?.status).toBe(404);
    expect(process.getuid?.() === 0 ? [200, 500] : [500]).toContain(answers[2]?.status);
    expect(answers[3]?.status).toBe(500);
    expect(answers[4]?.status).toBe(400);
    expect(answers[5]?.status).toBe(400);
    // The process is still there for everyone else.
    expect((await get('/')).status).toBe(200);
    expect((await get('/healthz')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
