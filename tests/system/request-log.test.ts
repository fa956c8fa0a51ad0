// The request log (docs/architecture.md, "The server"): the built server as production runs it: every answer, static file, page
// rendered on request or API, gets one JSON log line on stdout with the id it sent as X-Request-Id,
// and nothing a visitor sent (query string, body, token, address) reaches the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';

let server: BuiltServer;
// Its stdout goes to a file, as to a log collector (and as the benchmark runs it): output() reads it.
const logDir = mkdtempSync(join(tmpdir(), 'kwikfill-log-'));
beforeAll(async () => {
  server = await startBuiltServer({
    seed: true,
    env: { LOG_LEVEL: 'info' },
    logFile: join(logDir, 'server.log'),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(logDir, { recursive: true, force: true });
});

/** The JSON lines the server printed about one request id (the log is written asynchronously). */
async function linesOf(id: string | null) {
  for (let tries = 0; tries < 100; tries++) {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter((line) => line.request_id === id);
    if (lines.length > 0) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

it('logs one line per answer: static files, pages rendered on request and the API', async () => {
  const cases = [
    { path: '/charge-card?utm_source=find-me', route: '/charge-card', status: 200 },
    { path: '/favicon.svg', route: '/favicon.svg', status: 200 },
    { path: '/stores/1', route: '/stores/1', status: 200 },
    { path: '/no-such-page/pat@example.com', route: null, status: 404 },
    { path: '/stores/%ZZ', route: null, status: 404 },
    { path: '/api/v1/store/1?size=find-me', route: '/api/v1/store/:number', status: 200 },
  ];
  for (const { path, route, status } of cases) {
    const answer = await fetch(`${server.base}${path}`, { headers: { 'X-API-Key': DEFAULT_API_KEY } });
    await answer.arrayBuffer();
    expect(answer.status, path).toBe(status);
    const id = answer.headers.get('x-request-id');
    expect(id, path).toBeTruthy();
    const lines = await linesOf(id);
    expect(lines, path).toHaveLength(1);
    expect(lines[0], path).toMatchObject({ level: 'info', method: 'GET', route, status });
    expect(typeof lines[0].ms).toBe('number');
  }
});

it('gives an API error answer and its log line the same id, and logs no secret', async () => {
  const secrets = ['pat.secret@example.com', 'Hunter2-Password!', 'tok_9f8e7d6c5b4a3928', '123-45-6789'];
  const answer = await fetch(`${server.base}/api/v1/auth/login?ssn=${secrets[3]}`, {
    method: 'POST',
    headers: {
      'X-API-Key': DEFAULT_API_KEY,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${secrets[2]}`,
      Cookie: `session=${secrets[2]}`,
    },
    body: JSON.stringify({ email: secrets[0], password: secrets[1] }),
  });
  const body = await answer.json();
  expect(answer.status).toBe(401);
  expect(body.error.request_id).toBe(answer.headers.get('x-request-id'));
  expect(await linesOf(body.error.request_id)).toMatchObject([
    { method: 'POST', route: '/api/v1/auth/login', status: 401 },
  ]);
  const output = server.output();
  for (const secret of [...secrets, 'find-me', 'pat@example.com']) expect(output).not.toContain(secret);
});

// A scanner's mangled addresses are the visitor's mistake, not the server's: a 404 and its one info
// line, no error line (Astro logged `[ERROR] Error: Invalid URL encoding` for each).
it('answers an address with broken %-encoding 404 without logging an error', async () => {
  for (const path of ['/stores/%ZZ', '/%', '/offers/%E0%A4%A']) {
    const answer = await fetch(`${server.base}${path}`);
    expect(answer.status, path).toBe(404);
    expect(await answer.text(), path).toContain('</html>');
    expect(await linesOf(answer.headers.get('x-request-id')), path).toMatchObject([
      { level: 'info', status: 404 },
    ]);
  }
  expect(server.output()).not.toMatch(/ERROR|"level":"error"/);
});
