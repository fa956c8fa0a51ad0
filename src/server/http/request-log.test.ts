// The API's request log and request ids (src/server/log.ts, request-log.ts, middleware.ts identify),
// through the app as Netlify and the tests reach it: the app logs each request itself there (the
// Node server's own log line is tested in node.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type LogLine, type TestApi } from '../../../tests/support/test-api.ts';
import { errorFields } from '../log.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The lines logged about one request. */
const linesOf = (id: string | null | undefined): LogLine[] =>
  t.logLines().filter((line) => line.request_id === id);

describe('the request log', () => {
  it('writes one JSON line per request: id, method, route pattern, status, time', async () => {
    const answer = await t.call('GET', '/health');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const lines = linesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', route: '/api/v1/health', status: 200 });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('names the route by its pattern, never the address the visitor sent', async () => {
    const answer = await t.call('GET', '/store/987654?size=5');
    expect(answer.status).toBe(404);
    const [line] = linesOf(answer.headers.get('x-request-id'));
    expect(line).toMatchObject({ route: '/api/v1/store/:number', status: 404 });
    expect(JSON.stringify(line)).not.toContain('987654');
    const nowhere = await t.call('GET', '/no/such/thing');
    expect(linesOf(nowhere.headers.get('x-request-id'))[0]).toMatchObject({ route: null, status: 404 });
  });

  it('puts the request id into every error answer, the same as in its header and log line', async () => {
    for (const [method, path, status] of [
      ['GET', '/nothing', 404],
      ['DELETE', '/health', 405],
      ['POST', '/auth/login', 400],
    ] as const) {
      const answer = await t.call(method, path, { body: {} });
      expect(answer.status).toBe(status);
      expect(answer.requestId).toBeTruthy();
      expect(answer.headers.get('x-request-id')).toBe(answer.requestId);
      expect(linesOf(answer.requestId)).toMatchObject([{ method, status }]);
    }
    const wrongKey = await t.call('GET', '/health', { headers: { 'X-API-Key': 'guess' } });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.requestId).toBe(wrongKey.headers.get('x-request-id'));
  });

  it('logs an error with the id of the request it answered', async () => {
    const broken = await createTestApi();
    await broken.db.destroy();
    const answer = await broken.call('GET', '/health');
    expect(answer.status).toBe(503);
    const lines = broken.logLines().filter((line) => line.request_id === answer.requestId);
    expect(lines.map((line) => [line.level, line.status ?? line.msg])).toEqual([
      ['error', 'the database does not answer'],
      ['info', 503],
    ]);
    expect(lines[0]?.err?.message).toBeTruthy();
    await broken.close().catch(() => {});
  });

  it('never logs a password, token, email address, SSN, street address or query string', async () => {
    const secrets = {
      email: 'pat.secret@example.com',
      password: 'Hunter2-Password!',
      token: 'tok_9f8e7d6c5b4a39281706',
      ssn: '123-45-6789',
      address: '42 Hidden Lane',
    };
    const query = `?email=${encodeURIComponent(secrets.email)}&ssn=${secrets.ssn}&q=find-me-here`;
    const calls = [
      t.call('POST', `/auth/login${query}`, { body: { email: secrets.email, password: secrets.password } }),
      t.call('GET', `/me/profile${query}`, { token: secrets.token }),
      t.call('GET', `/health${query}`, { headers: { Cookie: `session=${secrets.token}` } }),
      t.call('POST', '/contact', {
        body: { email: secrets.email, ssn: secrets.ssn, address: secrets.address, comment: secrets.password },
      }),
      t.call('PUT', `/me/${secrets.email}`, { token: secrets.token }),
    ];
    const answers = await Promise.all(calls);
    const log = t.logText();
    for (const answer of answers) expect(linesOf(answer.headers.get('x-request-id'))).toHaveLength(1);
    for (const secret of [...Object.values(secrets), 'find-me-here', 'pat.secret', '123-45']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('?');
  });

  it('keeps an email address or a long number quoted by an error message out of its log line', () => {
    const error = Object.assign(new Error('Key (email)=(pat@example.com) exists; ssn 123-45-6789'), {
      code: '23505',
      detail: 'Key (email)=(pat@example.com) already exists.',
    });
    const fields = errorFields(error);
    expect(fields).toMatchObject({ type: 'Error', code: '23505' });
    expect(fields.message).toBe('Key (email)=([email]) exists; ssn [number]');
    expect(JSON.stringify(fields)).not.toMatch(/pat@|6789|already exists/);
  });
});
