// Hammers every route with malformed input: wrong types, nulls, arrays, huge strings, invalid JSON,
// wrong content types, unknown paths and methods. Every answer must be a 4xx (or a 2xx for input
// that happens to be acceptable) with a JSON error, and the 500 handler must never be reached.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Answer, createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { FIELDS } from '../../tests/system/fuzz-values.ts';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true }); // the stand-in human check (HUMAN_CHECK=local)
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
/** A fresh session for each route, so that DELETE /me does not sign the rest of the run out. */
const session = async () => (await t.member()).token;
afterAll(() => t.close());
/**
 * Each sweep sends thousands of requests one after another (every route, twice signed in or not,
 * each wrong value): its time follows the machine's load, not the code, so it is given minutes.
 */
const SWEEP_TIMEOUT_MS = 300_000;

const VALUES: unknown[] = [
  null,
  [],
  {},
  0,
  -1,
  1e308,
  true,
  '',
  ' ',
  'x'.repeat(3000),
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  ['news', {}],
  'news',
  { $gt: '' },
  [[[[[]]]]],
];
const RAW_BODIES: string[] = [
  'null',
  'true',
  '1',
  '"text"',
  '[]',
  '{}',
  '{',
  '{"a":',
  '}{',
  'nul',
  '{"a":1}}',
  '\u0000',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{}}}',
  '{"email":"a@b.co","password":"x\\u0000"}',
];

function expectClientAnswer(answer: Answer, what: string) {
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(typeof answer.json?.error?.code, what).toBe('string');
    expect(typeof answer.json?.error?.description, what).toBe('string');
  } else {
    expect(answer.json, what).toBeTypeOf('object');
  }
  // Only the public reads that succeed are shared (src/lib/cache-policy.ts); nothing else is stored.
  const publicRead = what.startsWith('GET ') && answer.status < 400 && answer.headers.has('cache-tag');
  expect(answer.headers.get('cache-control'), what).toBe(
    publicRead ? 'public, max-age=0, must-revalidate' : 'private, no-store',
  );
}

const routes = () => {
  const seen = new Set<string>();
  return t.app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({
      method: route.method,
      path: route.path.replace('/api/v1', '').replace(/:\w+/g, 'x') || '/',
    }))
    .filter(({ method, path }) => !seen.has(`${method} ${path}`) && !!seen.add(`${method} ${path}`));
};

describe('no input reaches a 5xx', () => {
  it(
    'JSON bodies with every field set to a wrong value',
    async () => {
      for (const { method, path } of routes()) {
        for (const auth of [undefined, await session()]) {
          for (const value of VALUES) {
            const body = Object.fromEntries(FIELDS.map((field) => [field, value]));
            expectClientAnswer(
              await t.call(method, path, { body, token: auth }),
              `${method} ${path} ${JSON.stringify(value)?.slice(0, 40)}`,
            );
          }
          for (const field of FIELDS) {
            const body = { [field]: 'y'.repeat(60_000) };
            expectClientAnswer(
              await t.call(method, path, { body, token: auth }),
              `${method} ${path} huge ${field}`,
            );
          }
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'raw bodies: invalid JSON, non-objects, deep nesting, bad bytes, other content types',
    async () => {
      for (const { method, path } of routes()) {
        if (method === 'GET') continue;
        const token = await session();
        for (const raw of RAW_BODIES) {
          const answer = await t.call(method, path, {
            raw,
            token,
            headers: { 'Content-Type': 'application/json' },
          });
          expectClientAnswer(answer, `${method} ${path} ${raw.slice(0, 30)}`);
        }
        const others: [BodyInit, Record<string, string>][] = [
          [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { 'Content-Type': 'application/json' }],
          ['{"email":"a@b.co"}', { 'Content-Type': 'text/plain' }],
          ['email=a%40b.co', { 'Content-Type': 'application/x-www-form-urlencoded' }],
          ['{"email":"a@b.co"}', {}],
          ['x'.repeat(70_000), { 'Content-Type': 'application/json' }],
        ];
        for (const [raw, headers] of others) {
          expectClientAnswer(
            await t.call(method, path, { raw, token, headers }),
            `${method} ${path} ${JSON.stringify(headers)}`,
          );
        }
        const form = new FormData();
        form.set('email', 'a@b.co');
        expectClientAnswer(await t.call(method, path, { raw: form, token }), `${method} ${path} multipart`);
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'unknown paths, odd encodings, every method and odd headers',
    async () => {
      const paths = [
        '/',
        '/%',
        '/%E0%A4%A',
        '/me/%ZZ',
        '/..%2f..%2fetc/passwd',
        `/${'a'.repeat(5000)}`,
        '/health?x=%',
        '/form-ticket?form=register&form=giveaway',
        '/form-ticket?form[]=x',
        '/form-ticket?form=%00',
        '/me/',
        '/auth',
        '/me/profile/../../health',
        '/human-check/local/extra',
      ];
      const token = await session();
      for (const path of paths) {
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
          expectClientAnswer(await t.call(method, path, { token }), `${method} ${path}`);
        }
        const head = await t.call('HEAD', path);
        expect(head.status, `HEAD ${path}`).toBeLessThan(500);
      }
      const headers: Record<string, string>[] = [
        { Authorization: `Bearer ${'x'.repeat(10_000)}` },
        { Authorization: 'Bearer' },
        { Authorization: 'Bearer a b c' },
        { 'X-API-Key': `${DEFAULT_API_KEY}, ${DEFAULT_API_KEY}` },
        { 'Content-Length': '999999999' },
      ];
      for (const extra of headers) {
        for (const path of ['/me/profile', '/health']) {
          expectClientAnswer(
            await t.call('GET', path, { headers: extra }),
            `${path} ${JSON.stringify(extra).slice(0, 40)}`,
          );
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it('never logged an unexpected error', () => {
    expect(t.logLines().filter((line) => line.level !== 'info')).toEqual([]);
  });
});
