// The hostile material the fuzzer (fuzz-cases.ts) draws from, and its seeded random source: the
// same seed gives the same requests, so a failure can be sent again.

/** mulberry32: a small, fast, seeded generator. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seeded>;

/** The fields the public forms and the account routes read (also the in-process fuzzer's, src/server/fuzz.test.ts). */
export const FIELDS = [
  'email',
  'password',
  'website',
  'form_ticket',
  'human_check_token',
  'first_name',
  'last_name',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'phone',
  'rules_accepted',
  'registration_number',
  'lists',
  'old_password',
  'new_password',
  'reset_token',
  'action',
  'subject',
  'message',
  'department',
  'card_number',
  'pin',
  'name',
  'value',
  'page',
  'metrics',
] as const;

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "1' UNION SELECT password_hash FROM users --",
  "admin'--",
  '1; SELECT pg_sleep(5)',
  "'||(SELECT sqlite_version())||'",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection string, on purpose
  '${7*7}',
  '<!--#exec cmd="ls"-->',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  'a\r\nSet-Cookie: x=1',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  '\u202e\u0645\ufeff\ud83d\ude00',
  '\ud800',
  '\udfff\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  '😀'.repeat(200),
  'A'.repeat(4096),
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x7fffffff',
  'Robert"); DROP TABLE giveaway_entries;--',
  "x' AND extractvalue(1,concat(0x7e,version()))--",
] as const;

/** Wrong types for any field. */
export const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [1, 2, 3],
  ['news', {}],
  { $gt: '' },
  { __proto__: { admin: true } },
  [[[[[]]]]],
  'news',
  'PA',
  'a@b.co',
  'demo@kwikfill.example',
  '12345',
  '2026-13-45',
  'true',
];

/** JSON texts that do not parse, or parse to something other than an object. */
export const BAD_JSON = [
  '',
  ' ',
  'null',
  'true',
  '1',
  '-',
  '"text"',
  '[]',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '{"a":1}}',
  '}{',
  'nul',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e999999}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"\\ud800"}',
  '{"a":"line\nbreak"}',
  '\u0000',
  '{"email":"a@b.co","password":"x\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2,"a":[3]}',
  '/* comment */ {}',
  '\ufeff{}',
  '{"a":1} trailing',
] as const;

/** Bytes that are not valid UTF-8 inside a JSON string. */
export const BAD_UTF8: readonly number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong '/'
  [0xe0, 0x80, 0xaf], // overlong '/'
  [0xf0, 0x80, 0x80, 0xaf], // overlong '/'
  [0xc0, 0x80], // overlong NUL
  [0xed, 0xa0, 0x80], // a surrogate encoded (CESU-8)
  [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
  [0xe2, 0x82], // truncated
  [0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

export const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'SEARCH',
  'M-SEARCH',
  'PURGE',
  'LINK',
  'FOO',
  'get',
  'G E T',
  'GET\u0000',
] as const;

/** Ways to mangle a path (applied to an API route or a page). */
export const PATH_TRICKS: readonly ((path: string) => string)[] = [
  (p) => `${p}/../../../../etc/passwd`,
  (p) => `${p}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
  (p) => `${p}/%252e%252e/%252e%252e/etc/passwd`,
  (p) => `${p}/..%2f..%2f..%2fetc%2fpasswd`,
  (p) => `${p}/..%c0%af..%c0%afetc/passwd`,
  (p) => `${p}%00`,
  (p) => `${p}%00.html`,
  (p) => `${p}\u0000`,
  (p) => `${p}\\..\\..\\windows\\win.ini`,
  (p) => p.replaceAll('/', '\\'),
  (p) => p.replaceAll('/', '//'),
  (p) => p.replaceAll('/', '%2f'),
  (p) => `${p}/.`,
  (p) => `${p}/./././`,
  (p) => `${p}%`,
  (p) => `${p}%zz`,
  (p) => `${p}%e0%a4%a`,
  (p) => `${p}%ff%fe`,
  (p) => `${p}%u002e%u002e`,
  (p) => `${p};jsessionid=x`,
  (p) => `${p}/${'a'.repeat(3000)}`,
  (p) => `${p}${'/x'.repeat(2000)}`,
  (p) => `${p}/${'%41'.repeat(4000)}`,
  (p) => p.toUpperCase(),
  (p) => `${p}/index.html`,
  (p) => `${p}.br`,
  (p) => `${p}~`,
  (p) => `${p}/%0d%0aSet-Cookie:x=1`,
  (p) => `${p}/<script>alert(1)</script>`,
  (p) => `${p}/'%20OR%20'1'='1`,
  (p) => `http://127.0.0.1${p}`,
  (p) => `//evil.example${p}`,
  (p) => `${p}#fragment`,
  (p) => `${p}/\u00e9\u00ff`,
];

/** Query strings: bad percent-encoding, repeats, arrays, huge values, injections. */
export const QUERIES = [
  '?',
  '?&&&',
  '?x=%',
  '?x=%zz',
  '?x=%e0%a4%a',
  '?x=%c0%af',
  '?x=%00',
  '?form=register&form=giveaway',
  '?form[]=x',
  '?form[a]=b',
  '?page=-1',
  '?page=1e9',
  '?page=999999999999',
  '?page=0x10',
  '?limit=0',
  '?limit=abc',
  '?active_only=maybe',
  '?size=1000000',
  '?size=-5',
  '?q=%27%20OR%201%3D1--',
  '?q=<script>',
  `?q=${'x'.repeat(6000)}`,
  `?${'a=1&'.repeat(2000)}`,
  '?lat=91&lng=-181',
  '?lat=NaN&lng=Infinity',
  '?zip=%F0%9F%98%80',
  '?cb=%ff',
  '?__proto__[admin]=1',
  '?constructor[prototype][x]=1',
] as const;
