// The fuzzer's requests (fuzz.test.ts): for each API route, page and static file, a family of
// hostile requests drawn from a seeded generator. Request i is the same in every run of a seed.
import { gzipSync } from 'node:zlib';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import type { Headers, RawRequest } from './fuzz-http.ts';
import { multipartCase } from './fuzz-multipart.ts';
import {
  BAD_JSON,
  BAD_UTF8,
  FIELDS,
  INJECTIONS,
  METHODS,
  PATH_TRICKS,
  QUERIES,
  type Random,
  WRONG_VALUES,
} from './fuzz-values.ts';

export interface Target {
  method: string;
  /** The path with its parameters filled in (`:id` -> a real or a hostile value). */
  path: string;
  api: boolean;
}

export interface FuzzContext {
  /** A member's session, for the routes behind sign-in. */
  session: string;
}

/** Percent-encodes any string byte by byte (encodeURIComponent refuses a lone surrogate). */
const pct = (text: string) =>
  [...Buffer.from(text)]
    .map((b) =>
      /[\w.-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const KEY: [string, string] = ['X-API-Key', DEFAULT_API_KEY];

function apiHeaders(r: Random, target: Target, ctx: FuzzContext, extra: Headers = []): Headers {
  const headers: Headers = target.api ? [KEY] : [];
  // DELETE /me would end the member's account for the rest of the run: never with the real session.
  const deleteMe = target.method === 'DELETE' && target.path.includes('/me');
  if (target.path.includes('/me') && !deleteMe && r.chance(0.7)) {
    headers.push(['Authorization', `Bearer ${ctx.session}`]);
  }
  return [...headers, ...extra];
}

const bodyMethod = (r: Random, target: Target) =>
  ['GET', 'HEAD'].includes(target.method) && r.chance(0.8) ? 'POST' : target.method;

/** A JSON object of the known fields set to wrong types, injections, or hostile keys. */
function hostileObject(r: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const count = 1 + r.int(FIELDS.length);
  for (let i = 0; i < count; i++) {
    const value = r.chance(0.5) ? r.pick(WRONG_VALUES) : r.pick(INJECTIONS);
    body[r.pick(FIELDS)] = value;
  }
  if (r.chance(0.1)) body[r.pick(INJECTIONS)] = r.pick(INJECTIONS);
  return body;
}

function deep(r: Random): string {
  const depth = r.pick([64, 1000, 10_000, 30_000]);
  const [open, close] = r.chance(0.5) ? ['[', ']'] : ['{"a":', '}'];
  const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
  return r.chance(0.5) ? `{"${r.pick(FIELDS)}":${inner}}` : inner;
}

function huge(r: Random): string {
  switch (r.int(5)) {
    case 0:
      return JSON.stringify({ [r.pick(FIELDS)]: 'y'.repeat(r.pick([5_000, 60_000, 70_000])) });
    case 1:
      return JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])));
    case 2:
      return JSON.stringify({ [r.pick(FIELDS)]: Array.from({ length: 10_000 }, () => 1) });
    case 3:
      return `{"a":"${'\\u0000'.repeat(10_000)}"}`;
    default:
      return JSON.stringify({ email: `${'a'.repeat(60_000)}@example.com`, password: 'Secret123' });
  }
}

function badUtf8Body(r: Random): Buffer {
  const field = r.pick(FIELDS);
  return Buffer.concat([Buffer.from(`{"${field}":"a`), Buffer.from(r.pick(BAD_UTF8)), Buffer.from('b"}')]);
}

const CONTENT_TYPES = [
  undefined,
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset="bogus"',
  'application/json;;;',
  'application/json; boundary=x',
  'application/problem+json',
  'application/jsonx',
  'text/json',
  'APPLICATION/JSON',
  '*/*',
  'application/json\u0000',
  'multipart/form-data',
  'a'.repeat(5000),
];

let bombBytes: Buffer | undefined;
/** 20 MB of spaces in 20 KB of gzip: harmless unless something inflates it. */
const bomb = () => {
  bombBytes ??= gzipSync(Buffer.alloc(20 * 1024 * 1024, 32));
  return bombBytes;
};

const ENCODINGS = ['gzip', 'br', 'deflate', 'compress', 'identity, gzip', 'x-bogus', 'gzip, gzip'];

/** Each family makes one request for a target. */
export const FAMILIES: Record<string, (r: Random, t: Target, ctx: FuzzContext) => RawRequest> = {
  wrongTypes: (r, t, ctx) => ({
    label: 'wrong types',
    method: bodyMethod(r, t),
    target: t.path,
    headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
    body: Buffer.from(JSON.stringify(hostileObject(r))),
  }),
  badJson: (r, t, ctx) => ({
    label: 'bad JSON',
    method: bodyMethod(r, t),
    target: t.path,
    headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
    body: Buffer.from(r.pick(BAD_JSON)),
  }),
  deepJson: (r, t, ctx) => ({
    label: 'deep JSON',
    method: bodyMethod(r, t),
    target: t.path,
    headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
    body: Buffer.from(deep(r)),
  }),
  hugeJson: (r, t, ctx) => ({
    label: 'huge JSON',
    method: bodyMethod(r, t),
    target: t.path,
    headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
    body: Buffer.from(huge(r)),
  }),
  badUtf8: (r, t, ctx) => {
    const utf16 = r.chance(0.2);
    const text = JSON.stringify(hostileObject(r));
    return {
      label: utf16 ? 'UTF-16 body' : 'invalid UTF-8',
      method: bodyMethod(r, t),
      target: t.path,
      headers: apiHeaders(r, t, ctx, [
        ['Content-Type', utf16 ? 'application/json; charset=utf-16le' : 'application/json; charset=utf-8'],
      ]),
      body: utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) : badUtf8Body(r),
    };
  },
  contentType: (r, t, ctx) => {
    const type = r.pick(CONTENT_TYPES);
    return {
      label: `content type ${JSON.stringify(type)?.slice(0, 40)}`,
      method: bodyMethod(r, t),
      target: t.path,
      headers: apiHeaders(r, t, ctx, type === undefined ? [] : [['Content-Type', type]]),
      body: Buffer.from(r.chance(0.5) ? '{"email":"a@b.co"}' : 'email=a%40b.co&password=x'),
    };
  },
  contentEncoding: (r, t, ctx) => {
    const isBomb = r.chance(0.2);
    const json = JSON.stringify(hostileObject(r));
    const body = isBomb ? bomb() : r.chance(0.5) ? gzipSync(json) : Buffer.from(json);
    return {
      label: isBomb ? 'gzip bomb' : 'content encoding',
      method: bodyMethod(r, t),
      target: t.path,
      headers: apiHeaders(r, t, ctx, [JSON_TYPE, ['Content-Encoding', r.pick(ENCODINGS)]]),
      body,
    };
  },
  injection: (r, t, ctx) => {
    const value = r.pick(INJECTIONS);
    const body = Object.fromEntries(FIELDS.map((field) => [field, value]));
    const path = t.path.replace(/\/(sample-[\w-]+|1|x)$/, `/${pct(value)}`);
    return {
      label: 'injection strings',
      method: t.method,
      target: `${path}?q=${pct(value)}&form=${pct(value)}`,
      headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
      body: ['GET', 'HEAD'].includes(t.method) ? undefined : Buffer.from(JSON.stringify(body)),
    };
  },
  query: (r, t, ctx) => ({
    label: 'odd query',
    method: t.method,
    target: `${t.path}${r.pick(QUERIES)}`,
    headers: apiHeaders(r, t, ctx, ['GET', 'HEAD'].includes(t.method) ? [] : [JSON_TYPE]),
    body: ['GET', 'HEAD'].includes(t.method) ? undefined : Buffer.from('{}'),
  }),
  pathTrick: (r, t, ctx) => ({
    label: 'path trick',
    method: r.chance(0.7) ? 'GET' : t.method,
    target: r.pick(PATH_TRICKS)(t.path),
    headers: apiHeaders(r, t, ctx),
  }),
  method: (r, t, ctx) => ({
    label: 'odd method',
    method: r.pick(METHODS),
    target: t.path,
    headers: apiHeaders(r, t, ctx),
    body: r.chance(0.3) ? Buffer.from('{"a":1}') : undefined,
  }),
  headers: (r, t, ctx) => oddHeaders(r, t, ctx),
  multipart: (r, t, ctx) => multipartCase(r, t, apiHeaders(r, t, ctx)),
  truncated: (r, t, ctx) => {
    const body = Buffer.from(JSON.stringify(hostileObject(r)).padEnd(2000, ' '));
    return {
      label: 'body cut off',
      method: bodyMethod(r, t),
      target: t.path,
      headers: apiHeaders(r, t, ctx, [JSON_TYPE]),
      body,
      truncateAt: r.int(body.length),
    };
  },
};

/** Headers a proxy or a browser would never send, or an attacker would. */
function oddHeaders(r: Random, t: Target, ctx: FuzzContext): RawRequest {
  const base = { label: 'odd headers', method: t.method, target: t.path };
  const withKey = apiHeaders(r, t, ctx);
  const body = ['GET', 'HEAD'].includes(t.method) ? undefined : Buffer.from('{}');
  const cases: (() => RawRequest)[] = [
    () => ({ ...base, label: 'no API key', headers: [] }),
    () => ({ ...base, label: 'wrong API key', headers: [['X-API-Key', r.pick(INJECTIONS)]] }),
    () => ({ ...base, label: 'two API keys', headers: [KEY, KEY] }),
    () => ({ ...base, label: 'huge API key', headers: [['X-API-Key', 'k'.repeat(8000)]] }),
    () => ({
      ...base,
      label: 'huge cookie',
      headers: [...withKey, ['Cookie', `s=${'c'.repeat(r.pick([4000, 15_000, 70_000]))}`]],
    }),
    () => ({
      ...base,
      label: 'many cookies',
      headers: [
        ...withKey,
        ...Array.from({ length: 300 }, (_, i): [string, string] => ['Cookie', `c${i}=${i}`]),
      ],
    }),
    () => ({
      ...base,
      label: 'duplicate Content-Length',
      method: 'POST',
      headers: [...withKey, JSON_TYPE, ['Content-Length', '2'], ['Content-Length', '7']],
      body: Buffer.from('{}'),
      ownLength: true,
    }),
    () => ({
      ...base,
      label: 'Content-Length and chunked',
      method: 'POST',
      headers: [...withKey, JSON_TYPE, ['Content-Length', '2'], ['Transfer-Encoding', 'chunked']],
      body: Buffer.from('2\r\n{}\r\n0\r\n\r\n'),
      ownLength: true,
    }),
    () => ({
      ...base,
      label: 'bad chunk',
      method: 'POST',
      headers: [...withKey, JSON_TYPE, ['Transfer-Encoding', 'chunked']],
      body: Buffer.from(r.pick(['zz\r\n{}\r\n0\r\n\r\n', '2\r\n{}0\r\n\r\n', '-2\r\n{}\r\n0\r\n\r\n'])),
      ownLength: true,
    }),
    // A chunk of 2^64 bytes never ends: the server waits for it like for any slow upload; the client gives up.
    () => ({
      ...base,
      label: 'endless chunk',
      method: 'POST',
      headers: [...withKey, JSON_TYPE, ['Transfer-Encoding', 'chunked']],
      body: Buffer.from('ffffffffffffffff\r\n{}\r\n'),
      ownLength: true,
      truncateAt: 22,
    }),
    () => ({
      ...base,
      label: 'negative Content-Length',
      method: 'POST',
      headers: [...withKey, ['Content-Length', '-1']],
      ownLength: true,
    }),
    () => ({
      ...base,
      label: 'Content-Length too long',
      headers: [...withKey, JSON_TYPE, ['Content-Length', '999999999999']],
      body: Buffer.from('{}'),
      ownLength: true,
      truncateAt: 2,
    }),
    () => ({
      ...base,
      label: 'bad bearer',
      headers: [
        ...withKey,
        [
          'Authorization',
          r.pick([
            'Bearer',
            'Bearer a b c',
            `Bearer ${'x'.repeat(9000)}`,
            'Basic YTpi',
            `Bearer ${r.pick(INJECTIONS)}`.replace(/[\r\n\0]/g, ''),
          ]),
        ],
      ],
      body,
    }),
    () => ({
      ...base,
      label: 'forwarded for',
      headers: [
        ...withKey,
        [
          'X-Forwarded-For',
          r.pick(['', ',,,', 'not-an-ip', '999.1.1.1', '::1, 10.0.0.1', 'x'.repeat(500), "1.1.1.1' OR 1=1"]),
        ],
      ],
      body,
    }),
    () => ({
      ...base,
      label: 'header injection',
      headers: [
        ...withKey,
        ['X-Test', 'a\rb'],
        ['Accept-Encoding', r.pick(['gzip;q=abc', 'br;q=-1', '*;q=0', 'identity;q=0', 'x'.repeat(3000)])],
      ],
    }),
    () => ({
      ...base,
      label: 'many headers',
      headers: [...withKey, ...Array.from({ length: 3000 }, (_, i): [string, string] => [`X-H${i}`, 'v'])],
    }),
    () => ({
      ...base,
      label: 'expect continue',
      method: 'POST',
      headers: [...withKey, JSON_TYPE, ['Expect', r.pick(['100-continue', 'nonsense'])]],
      body: Buffer.from('{}'),
    }),
    () => ({
      ...base,
      label: 'range',
      headers: [
        ...withKey,
        [
          'Range',
          r.pick([
            'bytes=0-0',
            'bytes=-1',
            'bytes=999999999-',
            'bytes=5-1',
            'bytes=abc',
            'bytes=0-1,2-3,4-5',
            `bytes=${'0-1,'.repeat(1000)}0-1`,
          ]),
        ],
      ],
    }),
    () => ({
      ...base,
      label: 'conditional',
      headers: [
        ...withKey,
        ['If-None-Match', r.pick(['*', '"x"', 'W/""', 'x'.repeat(3000)])],
        ['If-Modified-Since', r.pick(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '99999999999'])],
      ],
    }),
    () => ({
      ...base,
      label: 'odd host',
      headers: [
        ...withKey,
        ['Host', r.pick(['', 'evil.example', 'a'.repeat(2000), '127.0.0.1:99999', '[::1'])],
      ],
    }),
    () => ({
      ...base,
      label: 'header without value',
      headers: [...withKey, ['X-Empty', ''], [' Spaced', 'x']],
    }),
  ];
  return r.pick(cases)();
}
