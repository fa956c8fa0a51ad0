import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { contactSender } from '../features/contact/contact.sample.ts';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { createApp, MAX_BODY_BYTES, registerJobs } from './app.ts';
import { openDatabase } from './db/database.ts';
import { createDeps } from './deps.ts';
import { HEALTH_PASS_MS } from './routes/platform.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('platform', () => {
  it('GET /health names the database and is never cached', async () => {
    const answer = await t.call('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      ok: true,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      maintenance: false,
    });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('GET /health answers 503 unavailable when the database does not answer', async () => {
    const broken = await createTestApi();
    await broken.db.destroy();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await broken.call('GET', '/health');
    expect(answer.status).toBe(503);
    expect(answer.json.error.code).toBe('unavailable');
    errors.mockRestore();
    await broken.close().catch(() => {});
  });

  it('GET /health reuses a passing database check for at most a second, never a failing one', async () => {
    const api = await createTestApi();
    expect((await api.call('GET', '/health')).status).toBe(200);
    await api.db.destroy();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.advance(HEALTH_PASS_MS - 1);
    expect((await api.call('GET', '/health')).status).toBe(200);
    api.advance(1);
    expect((await api.call('GET', '/health')).status).toBe(503);
    expect((await api.call('GET', '/health')).status).toBe(503);
    errors.mockRestore();
    await api.close().catch(() => {});
  });

  it('names the missing field with its own message', async () => {
    const answer = await t.call('POST', '/auth/login', { body: {} });
    expect(answer.json.error).toMatchObject({ code: 'invalid_input', description: 'Email is required' });
  });

  it('refuses a missing or wrong API key with 401 invalid_api_key', async () => {
    for (const headers of [{ 'X-API-Key': '' }, { 'X-API-Key': 'guess' }]) {
      const answer = await t.call('GET', '/health', { headers });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        error: { code: 'invalid_api_key', description: 'This client is not allowed to use the API.' },
      });
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers unknown paths with 404 not_found and wrong methods with 405', async () => {
    const missing = await t.call('GET', '/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
    expect(missing.headers.get('cache-control')).toBe('private, no-store');

    const wrong = await t.call('DELETE', '/health');
    expect(wrong.status).toBe(405);
    expect(wrong.json.error).toEqual({
      code: 'method_not_allowed',
      description: 'This address does not accept that kind of request.',
    });
    expect(wrong.headers.get('allow')).toContain('GET');
    expect((await t.call('GET', '/auth/login')).status).toBe(405);
  });

  it('accepts a trailing slash', async () => {
    expect((await t.call('GET', '/health/')).status).toBe(200);
  });

  it('refuses bodies over 64 KiB with 413 payload_too_large', async () => {
    const raw = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) });
    const answer = await t.call('POST', '/auth/login', {
      raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.json.error).toEqual({
      code: 'payload_too_large',
      description: 'The request is too large.',
    });
  });

  it('refuses malformed JSON, non-objects and other content types', async () => {
    const json = { 'Content-Type': 'application/json' };
    const bad = await t.call('POST', '/auth/login', { raw: '{"email":', headers: json });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual({
      code: 'invalid_json',
      description: 'The request body is not valid JSON.',
    });

    const list = await t.call('POST', '/auth/login', { raw: '[1,2]', headers: json });
    expect(list.status).toBe(400);
    expect(list.json.error.code).toBe('invalid_input');

    const form = await t.call('POST', '/auth/login', {
      raw: 'email=a%40b.co',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe('unsupported_media_type');
  });

  it('reports validation failures with the first message and every field', async () => {
    const answer = await t.call('POST', '/auth/login', { body: { email: 'nope', password: '' } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({
      code: 'invalid_input',
      description: 'Please enter a valid email address',
      fields: { email: 'Please enter a valid email address', password: 'Incorrect user name or password' },
    });
  });

  it('refuses text PostgreSQL could not store (NUL characters)', async () => {
    const answer = await t.call('POST', '/auth/login', { body: { email: 'a@b.co', password: 'a\u0000b' } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_input');
  });

  it('refuses a NUL in the path or the query (PostgreSQL could not look it up)', async () => {
    for (const path of [
      '/promotion/%00',
      '/promotion/x%00.html/entry',
      '/store?size=%00',
      '/geocode?q=a%00b',
    ]) {
      const answer = await t.call('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.json.error, path).toMatchObject({ code: 'invalid_input' });
    }
  });

  it('GET /form-ticket refuses an unknown form', async () => {
    const answer = await t.call('GET', '/form-ticket?form=survey');
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'invalid_input', description: 'Unknown form' });
    expect((await t.call('GET', '/form-ticket')).status).toBe(400);
  });

  it('answers an upload the client cut off with a 400, and logs no failure', async () => {
    // What the Node server sees when a client closes mid-body: the body stream errors and the
    // request's signal is aborted.
    const abort = new AbortController();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":"a'));
        abort.abort();
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const request = new Request('http://localhost/api/v1/auth/login', {
      method: 'POST',
      headers: { 'X-API-Key': DEFAULT_API_KEY, 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit);
    const answer = await t.app.fetch(request, { clientAddress: '203.0.113.9' });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe('request_aborted');
    expect(t.logLines().filter((line) => line.level !== 'info')).toEqual([]);
  });

  it('never looks for the body of a GET (the Node adapter would build a full Request for it)', async () => {
    let looked = false;
    const request = new Request('http://localhost/api/v1/health', {
      headers: { 'X-API-Key': DEFAULT_API_KEY },
    });
    Object.defineProperty(request, 'body', {
      get() {
        looked = true;
        return null;
      },
    });
    const answer = await t.app.fetch(request, { clientAddress: '203.0.113.9' });
    expect(answer.status).toBe(200);
    expect(looked).toBe(false);
  });
});

/** A loopback port nobody listens on: a PostgreSQL server that is down. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('building the app', () => {
  it('changes nothing outside it: built twice, the job runner keeps only its own mail handler', () => {
    const deps = createDeps({ config: t.config, db: t.db, dbKind: t.deps.dbKind });
    const before = { handlers: [...deps.jobs.handlers.keys()], periodic: [...deps.jobs.periodic] };
    createApp(deps);
    createApp(deps);
    expect({ handlers: [...deps.jobs.handlers.keys()], periodic: [...deps.jobs.periodic] }).toEqual(before);
    expect(before).toEqual({ handlers: ['mail'], periodic: [] });
  });

  it('the features add their jobs where jobs run (registerJobs: the runtime, the tests)', () => {
    const deps = createDeps({ config: t.config, db: t.db, dbKind: t.deps.dbKind });
    registerJobs(deps.jobs);
    expect([...deps.jobs.handlers.keys()].sort()).toEqual(['cdn-purge', 'contact-mail', 'mail', 'retention']);
    expect([...deps.jobs.periodic.keys()]).toEqual(['retention']);
    expect([...t.deps.jobs.handlers.keys()].sort()).toEqual([...deps.jobs.handlers.keys()].sort());
  });
});

describe('a database that cannot serve', () => {
  it('answers 503 unavailable JSON (not a 500) while PostgreSQL is down', async () => {
    const down = openDatabase({
      dataDir: t.config.dataDir,
      databaseUrl: `postgres://kf@127.0.0.1:${await closedPort()}/kf`,
    });
    const app = createApp(createDeps({ config: t.config, db: down.db, dbKind: 'postgres' }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const path of ['/promotion', '/store?size=5', '/offers']) {
        const answer = await app.request(`/api/v1${path}`, { headers: { 'X-API-Key': DEFAULT_API_KEY } });
        expect(answer.status, path).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('30');
        expect(await answer.json()).toEqual({
          error: {
            code: 'unavailable',
            description: 'The service is unavailable. Please try again later.',
            request_id: answer.headers.get('x-request-id'),
          },
        });
      }
    } finally {
      errors.mockRestore();
      await down.close();
    }
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'answers 503 unavailable when a write finds the SQLite disk full',
    async () => {
      const full = await createTestApi({ localHumanCheck: true });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const body = {
          ...contactSender(),
          department: 1,
          subject: 'Hello',
          message: 'A long question. '.repeat(290), // more than a page holds
          website: '',
          form_ticket: await full.ticket('contact'),
          human_check_token: await full.humanToken('contact'),
        };
        // The file may not grow past its size now; filling its free pages leaves no room at all.
        await sql`CREATE TABLE filler (x BLOB)`.execute(full.db);
        const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(full.db);
        await sql.raw(`PRAGMA max_page_count = ${pages.rows[0]?.page_count}`).execute(full.db);
        for (let size = 4096; size >= 16; ) {
          await sql`INSERT INTO filler VALUES (randomblob(${size}))`.execute(full.db).catch(() => {
            size /= 2;
          });
        }
        const answer = await full.call('POST', '/contact', { body });
        expect([answer.status, answer.json.error?.code]).toEqual([503, 'unavailable']);
      } finally {
        errors.mockRestore();
        await full.close();
      }
    },
  );
});
