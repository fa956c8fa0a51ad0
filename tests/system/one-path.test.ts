// One path before every rule (src/server/http/request-path.ts), against the BUILT server as
// production runs it: every spelling of a member's private address answers as its plain spelling
// does (private, no-store) or 400, never a shared or public answer; every spelling of a page through
// the maintenance exemption of /_astro/ answers the maintenance screen or 400, never the live page.
// The targets go out as written (node:http's client), not as fetch would normalise them.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/features/account/account.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { API, apiHeaders } from './helpers.ts';

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ seed: true });
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** GET `target` exactly as written. */
const get = (target: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const { port } = new URL(server.base);
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** Every way of writing `/api/v1/me/profile` we know of. */
const profileSpellings = (base: string) => [
  '/api\\v1/me/profile',
  '\\api\\v1\\me\\profile',
  '/api/./v1/me/profile',
  '/api/v1/./me/profile',
  '/api/x/../v1/me/profile',
  '/_astro/../api/v1/me/profile',
  '/_astro/%2e%2e/api/v1/me/profile',
  '/_astro/%2E%2E/api/v1/me/profile',
  '/_astro/.%2e/api/v1/me/profile',
  '/api/%2E/v1/me/profile',
  '/api/%2e/v1/me/profile',
  '/api%5cv1/me/profile',
  '/api%5Cv1/me/profile',
  '/api%2fv1/me/profile',
  '/api/v1%2Fme%2Fprofile',
  '/_astro/..%2fapi/v1/me/profile',
  '/api//v1/me/profile',
  '//api/v1/me/profile',
  '/api/v1//me//profile',
  '/%61pi/v1/me/profile',
  '/%61%70%69/%76%31/%6d%65/profile',
  '/%2561pi/v1/me/profile',
  '/_astro/%252e%252e/api/v1/me/profile',
  '/api/v1/me/profile#x',
  `${base}/api\\v1/me/profile`,
  `${base}/_astro/../api/v1/me/profile`,
];

describe('a private path, however it is spelled', () => {
  it('answers as its plain spelling does, private and no-store, or 400: never shared', async () => {
    const login = await fetch(`${server.base}${API}/auth/login`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const member = { 'X-API-Key': DEFAULT_API_KEY, Authorization: `Bearer ${token}` };
    const plain = await get('/api/v1/me/profile', member);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(plain.body)).toMatchObject({ email: DEMO_ACCOUNT.email });
    for (const target of profileSpellings(server.base)) {
      const answer = await get(target, member);
      expect(String(answer.headers['cache-control']), target).not.toMatch(/public/);
      expect(answer.headers['cdn-cache-control'], target).toBeUndefined();
      if (answer.status === 400) {
        // The server's refusal, or node:http's own (an empty 400) for a target it cannot parse.
        if (answer.body) expect(JSON.parse(answer.body).error.code, target).toBe('invalid_path');
        continue;
      }
      expect(
        { status: answer.status, caching: answer.headers['cache-control'], body: answer.body },
        target,
      ).toEqual({ status: 200, caching: 'private, no-store', body: plain.body });
    }
  });

  it("keeps a winner's link out of every cache: the token in its query is no cache key", async () => {
    // With a slash: a 301 to the one address of the page (docs/caching.md), as personal as the page.
    const slashed = await get('/giveaway/confirm/?winner_token=x');
    expect(slashed.status).toBe(301);
    expect(slashed.headers.location).toBe('/giveaway/confirm?winner_token=x');
    expect(slashed.headers['cache-control']).toBe('private, no-store');
    for (const target of ['/giveaway/confirm?winner_token=secret']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.headers['cache-control'], target).toBe('private, no-store');
      expect(answer.headers['cdn-cache-control'], target).toBeUndefined();
      expect(answer.headers['cache-tag'], target).toBeUndefined();
    }
  });
});

describe('the maintenance exemption of /_astro/, however it is spelled', () => {
  it('lets no page through: the screen (503) or 400, never the live page', async () => {
    const handle = openDatabase({ databaseUrl: server.env.DATABASE_URL, dataDir: server.dataDir });
    try {
      await handle.db
        .insertInto('site_settings')
        .values({ name: 'maintenance', value: String(Date.now()), updated_at: Date.now() })
        .execute();
      // Read by every server within a second (src/server/maintenance/state.ts).
      await vi.waitFor(async () => expect((await get('/stores')).status).toBe(503), {
        timeout: 10_000,
        interval: 100,
      });
      // Each spelling, and the path it spells (RFC 3986 5.2.4: `/_astro//..` leaves `/_astro/`).
      for (const [target, path] of [
        ['/_astro/../stores', '/stores'],
        ['/_astro/%2e%2e/stores/1', '/stores/1'],
        ['/_astro/%2E%2E/stores', '/stores'],
        ['/_astro/.%2e/stores/1', '/stores/1'],
        ['/_astro/./../stores', '/stores'],
        ['/_astro\\..\\stores', '/stores'],
        ['/_astro/..\\stores/1', '/stores/1'],
        ['/_astro/..%5cstores', '/stores'],
        ['/_astro/..%2fstores', '/stores'],
        ['/_astro//../stores', '/_astro/stores'],
        ['/_astro/x/../../stores/1', '/stores/1'],
        ['/%5fastro/../stores', '/stores'],
        ['/_astro/%252e%252e/stores', '/stores'],
        ['/favicon.svg/../stores', '/stores'],
        ['/_astro/../api/v1/store?size=1', '/api/v1/store?size=1'],
        [`${server.base}/_astro/../stores`, '/stores'],
      ] as const) {
        const headers = { 'X-API-Key': DEFAULT_API_KEY };
        const [answer, plain] = [await get(target, headers), await get(path, headers)];
        expect(plain.status, path).not.toBe(200);
        expect([400, plain.status], `${target}: ${answer.status}`).toContain(answer.status);
        expect(String(answer.headers['cache-control']), target).not.toMatch(/public/);
      }
      // The build's own files still pass.
      expect((await get('/favicon.svg')).status).toBe(200);
    } finally {
      await handle.db.deleteFrom('site_settings').where('name', '=', 'maintenance').execute();
      await handle.close();
    }
  });
});
