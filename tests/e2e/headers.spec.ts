// The headers of every kind of answer of the Node server (docs/decisions/0007-security-headers.md):
// the security headers on all of them, geolocation on the locator only, no-store wherever a
// visitor's data is, the CDN's caching and tags where an answer is shared (docs/caching.md), each page's CSP with only the third-party origins it uses. Turnstile's origin is
// on the pages with a human check whatever the build knew (the server picks the check); this build
// has no map vendor configured (the local basemap), so none may appear; the Netlify build test
// builds with one configured and checks where it appears.
import { type APIResponse, expect, test } from '@playwright/test';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { MEDIA_POLICY, PERMISSIONS_POLICY } from '../../src/lib/security-headers.ts';

const API = { 'X-API-Key': DEFAULT_API_KEY };
const TURNSTILE = 'https://challenges.cloudflare.com';

interface Expected {
  status: number;
  geolocation: '()' | '(self)';
  cache: string | RegExp;
  /** Third-party origins the page's CSP must allow; any other https origin is refused. */
  origins?: string[];
  /** Shared at a CDN with these cache tags (docs/caching.md); none: never shared. */
  tags?: string;
}

function checkCommon(path: string, answer: APIResponse, expected: Expected) {
  const headers = answer.headers();
  expect(answer.status(), path).toBe(expected.status);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  const permissions = headers['permissions-policy'] ?? '';
  expect(permissions, path).toContain(`geolocation=${expected.geolocation}`);
  for (const feature of ['camera', 'microphone', 'payment'])
    expect(permissions, path).toContain(`${feature}=()`);
  expect(headers['cache-control'], path).toMatch(expected.cache);
  expect(headers['cache-tag'], path).toBe(expected.tags);
  expect(headers['netlify-cache-tag'], path).toBe(expected.tags);
  // Each CDN's own header (docs/caching.md): RFC 9213, Netlify's, Fastly's lifetime and keys.
  expect(headers['surrogate-key'], path).toBe(expected.tags?.replaceAll(',', ' '));
  if (expected.tags) {
    expect(headers['cdn-cache-control'], path).toMatch(/^public, max-age=\d+, stale-while/);
    expect(headers['surrogate-control'], path).toMatch(/^max-age=\d+, stale-while/);
  } else {
    expect(headers['cdn-cache-control'], path).toBeUndefined();
    expect(headers['surrogate-control'], path).toBeUndefined();
  }
}

function checkPolicy(path: string, answer: APIResponse, origins: string[]) {
  const policy = answer.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("frame-ancestors 'self'");
  expect(policy, path).not.toContain("'unsafe-inline'");
  const named = new Set(policy.match(/https:\/\/[^\s;]+/g) ?? []);
  expect([...named].sort(), path).toEqual([...origins].sort());
}

const pages: [string, Expected][] = [
  ['/news', { status: 200, geolocation: '()', cache: 'public, no-cache', tags: 'pages' }],
  // The editors' videos are self-hosted clips or posters: no page names the video host until one embeds it.
  ['/', { status: 200, geolocation: '()', cache: 'public, no-cache', tags: 'pages' }],
  ['/fueling-discovery', { status: 200, geolocation: '()', cache: 'public, no-cache', tags: 'pages' }],
  [
    '/stores',
    {
      status: 200,
      geolocation: '(self)',
      cache: 'public, max-age=0, must-revalidate',
      tags: 'stores,pages',
    },
  ],
  [
    '/stores?q=Warren',
    {
      status: 200,
      geolocation: '(self)',
      cache: 'public, max-age=0, must-revalidate',
      tags: 'stores,pages',
    },
  ],
  [
    '/stores/1',
    { status: 200, geolocation: '()', cache: 'public, max-age=0, must-revalidate', tags: 'stores,pages' },
  ],
  [
    '/stores/1/prices',
    { status: 200, geolocation: '()', cache: 'public, max-age=0, must-revalidate', tags: 'prices,pages' },
  ],
  [
    '/specials',
    { status: 200, geolocation: '()', cache: 'public, max-age=0, must-revalidate', tags: 'offers,pages' },
  ],
  ['/frame/anything', { status: 404, geolocation: '()', cache: 'no-store' }],
  ['/stores/999999', { status: 404, geolocation: '()', cache: 'no-store' }],
  ['/account/login', { status: 200, geolocation: '()', cache: 'private, no-store', origins: [TURNSTILE] }],
  ['/account/', { status: 200, geolocation: '()', cache: 'private, no-store' }],
  [
    '/help',
    { status: 200, geolocation: '()', cache: 'public, no-cache', origins: [TURNSTILE], tags: 'pages' },
  ],
  [
    '/frame/charge-card',
    { status: 200, geolocation: '()', cache: 'no-store', origins: [TURNSTILE], tags: 'pages' },
  ],
  [
    '/fleet-fueling.html',
    { status: 200, geolocation: '()', cache: 'private, no-store', origins: [TURNSTILE] },
  ],
  ['/does-not-exist', { status: 404, geolocation: '()', cache: 'no-store' }],
  ['/account/no-such-screen', { status: 404, geolocation: '()', cache: 'no-store' }],
];

test('every page has the security headers, its cache rule and only its own third-party origins', async ({
  request,
}) => {
  for (const [path, expected] of pages) {
    const answer = await request.get(path);
    checkCommon(path, answer, expected);
    checkPolicy(path, answer, expected.origins ?? []);
  }
});

test('static files and API answers have the security headers; personal API answers are private, no-store', async ({
  request,
}) => {
  const html = await (await request.get('/news')).text();
  const asset = html.match(/\/_astro\/[^"']+\.(css|js)/)?.[0] as string;
  checkCommon(asset, await request.get(asset), {
    status: 200,
    geolocation: '()',
    cache: 'public, max-age=31536000, immutable',
  });
  checkCommon('/favicon.svg', await request.get('/favicon.svg'), {
    status: 200,
    geolocation: '()',
    cache: 'public, no-cache',
    tags: 'pages',
  });
  const api: [string, number][] = [
    ['/api/v1/health', 200],
    ['/api/v1/me', 401], // the account's own data: no-store even when refused
    ['/api/v1/store/1', 200],
    ['/api/v1/nothing-here', 404],
  ];
  for (const [path, status] of api) {
    const answer = await request.get(path, { headers: API });
    checkCommon(path, answer, {
      status,
      geolocation: '()',
      cache: path === '/api/v1/store/1' ? 'public, max-age=0, must-revalidate' : 'private, no-store',
      ...(path === '/api/v1/store/1' ? { tags: 'stores,prices' } : {}),
    });
    expect(answer.headers()['content-security-policy'], path).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
  }
});

test('files under /media carry their own policy (load nothing, run nothing, sandboxed) and nosniff', async ({
  request,
}) => {
  for (const [path, headers] of [
    ['/media/offers/coffee.svg', {}],
    ['/media/home/hero-poster.webp', {}],
    ['/media/home/hero.mp4', {}],
    ['/media/home/hero.mp4', { Range: 'bytes=0-1' }],
  ] as const) {
    const answer = await request.get(path, { headers });
    checkCommon(path, answer, {
      status: 'Range' in headers ? 206 : 200,
      geolocation: '()',
      cache: 'no-cache',
      tags: 'pages',
    });
    expect(answer.headers()['content-security-policy'], path).toBe(MEDIA_POLICY);
  }
});

test('an image under /media opened on its own still shows, and nothing of it breaks the policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/media/home/hero-poster.webp');
  const width = await page.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0);
  expect(width).toBeGreaterThan(0);
  await page.goto('/media/offers/coffee.svg');
  expect(await page.evaluate(() => document.documentElement.localName)).toBe('svg');
  expect(refused).toEqual([]);
});

test('the public store list stays cacheable: revalidated with its ETag, a 304 when unchanged', async ({
  request,
}) => {
  const first = await request.get('/api/v1/store?size=5', { headers: API });
  checkCommon('/api/v1/store', first, {
    status: 200,
    geolocation: '()',
    cache: 'public, max-age=0, must-revalidate',
    tags: 'stores,prices',
  });
  const etag = first.headers().etag as string;
  expect(etag).toBeTruthy();
  const again = await request.get('/api/v1/store?size=5', { headers: { ...API, 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

test('every 304 repeats the cache headers of its 200: a prebuilt page, a kept page, the API', async ({
  request,
}) => {
  const names = [
    'cache-control',
    'cdn-cache-control',
    'netlify-cdn-cache-control',
    'surrogate-control',
    'surrogate-key',
    'cache-tag',
    'netlify-cache-tag',
    'vary',
    'etag',
  ];
  for (const [path, headers] of [
    ['/news', {}],
    ['/stores', {}],
    ['/stores/1', {}],
    ['/specials', {}],
    ['/api/v1/store?size=5', API],
  ] as const) {
    await request.get(path, { headers }); // rendered, and kept
    const full = await request.get(path, { headers });
    const again = await request.get(path, {
      headers: { ...headers, 'If-None-Match': full.headers().etag ?? '' },
    });
    expect(again.status(), path).toBe(304);
    for (const name of names) expect(again.headers()[name], `${path} ${name}`).toBe(full.headers()[name]);
    expect(again.headers()['cdn-cache-control'], path).toBeTruthy();
  }
});

test('the browser refuses geolocation outside the locator, by policy', async ({ page }) => {
  const state = () =>
    page.evaluate(async () => {
      const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } })
        .featurePolicy;
      return policy?.allowsFeature('geolocation');
    });
  await page.goto('/news');
  expect(await state()).toBe(false);
  // Asking anyway fails at once with PERMISSION_DENIED, without a prompt.
  const code = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        navigator.geolocation.getCurrentPosition(
          () => resolve(0),
          (error) => resolve(error.code),
        ),
      ),
  );
  expect(code).toBe(1);
  await page.goto('/stores');
  expect(await state()).toBe(true);
  await page.goto('/stores/1');
  expect(await state()).toBe(false);
  // Every feature the policy names is one the browser knows (an unknown one would be ignored).
  const known = await page.evaluate(() =>
    (document as unknown as { featurePolicy: { features(): string[] } }).featurePolicy.features(),
  );
  for (const rule of PERMISSIONS_POLICY.split(', ')) expect(known).toContain(rule.split('=')[0]);
});

test('a page rendered on request gets no HSTS over plain HTTP, whatever the request claims', async ({
  request,
}) => {
  // The test server has no TRUST_PROXY: a forwarded proto is the client's own word.
  for (const path of ['/stores', '/frame/charge-card', '/does-not-exist']) {
    const answer = await request.get(path, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(answer.headers()['strict-transport-security'], path).toBeUndefined();
  }
});
