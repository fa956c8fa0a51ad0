// The maintenance switch on Netlify's pages (netlify/edge-functions/maintenance.ts), called as the
// edge calls it (a Request and a context whose next() is the page the CDN would send), with the
// site's fetch stood in for: the switch as the API's health check says, the screen as built. It also
// answers a page's path with a trailing slash with a 301 to the one without, as the Node server does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import maintenance, { config, OPERATOR_COOKIE, TTL_MS } from '../../netlify/edge-functions/maintenance.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { PERSONAL_CACHE, REDIRECT_CACHE } from '../../src/lib/cache-policy.ts';
import {
  operatorCookieValue,
  RETRY_AFTER_SECONDS,
  OPERATOR_COOKIE as SERVER_COOKIE,
} from '../../src/server/maintenance/state.ts';

let on = false;
const SINCE = 900_000;
const SECRET = 'edge-test-secret-edge-test-secret-0123';
let healthReads = 0;
let clock = 1_000_000;
const page = () => new Response('<h1>Rewards</h1>', { headers: { 'Content-Type': 'text/html' } });
const next = { next: async () => page() };

beforeEach(() => {
  clock += 10 * TTL_MS; // a fresh read in each test
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input);
    if (url.pathname === '/api/v1/health') {
      healthReads++;
      expect(new Headers(init?.headers).get('X-API-Key')).toBe(DEFAULT_API_KEY);
      return Response.json({
        ok: true,
        database: 'postgres',
        maintenance: on,
        ...(on ? { maintenance_since: SINCE } : {}),
      });
    }
    expect(url.pathname).toBe('/maintenance');
    return new Response("<h1>We'll be back!</h1>", {
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  on = false;
});

describe('the maintenance edge function', () => {
  it('passes pages through while the switch is off', async () => {
    const answer = await maintenance(new Request('https://kwikfill.example/rewards'), next);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('<h1>Rewards</h1>');
  });

  it('answers the screen with 503, Retry-After and no-store while it is on, read at most once per TTL', async () => {
    on = true;
    const before = healthReads;
    for (const path of ['/rewards', '/rewards/', '/stores', '/']) {
      const answer = await maintenance(new Request(`https://kwikfill.example${path}`), next);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(await answer.text()).toBe("<h1>We'll be back!</h1>");
    }
    expect(healthReads - before).toBe(1);
    on = false;
    clock += TTL_MS; // turned off: pages follow within the TTL
    expect((await maintenance(new Request('https://kwikfill.example/rewards'), next)).status).toBe(200);
  });

  it("lets operators holding the link's cookie, as the server signed it, see the site: private, no-store", async () => {
    on = true;
    expect(OPERATOR_COOKIE).toBe(SERVER_COOKIE);
    vi.stubGlobal('Netlify', {
      env: { get: (name: string) => (name === 'APP_SECRET' ? SECRET : undefined) },
    });
    const shared = () =>
      new Response('<h1>Rewards</h1>', {
        headers: {
          'Cache-Control': 'public, no-cache',
          'CDN-Cache-Control': 'public, max-age=60',
          'Cache-Tag': 'pages',
        },
      });
    const visit = (cookie: string) =>
      maintenance(
        new Request('https://kwikfill.example/rewards', {
          headers: { Cookie: `a=b; ${OPERATOR_COOKIE}=${cookie}` },
        }),
        { next: async () => shared() },
      );
    const signed = operatorCookieValue(SECRET, SINCE, clock);
    const answer = await visit(signed);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('<h1>Rewards</h1>');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('cdn-cache-control')).toBeNull();
    expect(answer.headers.get('cache-tag')).toBeNull();
    // Unsigned, signed with another secret, for another maintenance, expired: the screen.
    const [, expires] = signed.split('.');
    for (const cookie of [
      '1.2.sig',
      `${SINCE}.${expires}.AAAA`,
      `${SINCE}.${expires}.A`, // no base64 at all (4n+1 characters)
      operatorCookieValue('another-secret-another-secret-0123456', SINCE, clock),
      operatorCookieValue(SECRET, SINCE + 1, clock),
      operatorCookieValue(SECRET, SINCE, clock - 13 * 3600_000),
    ])
      expect((await visit(cookie)).status, cookie).toBe(503);
    // No APP_SECRET at the edge: no cookie passes.
    vi.stubGlobal('Netlify', { env: { get: () => undefined } });
    expect((await visit(signed)).status).toBe(503);
  });

  it('answers a path with a trailing slash with a 301 to the one without, its query kept, as the Node server', async () => {
    const visit = (path: string, init?: RequestInit) =>
      maintenance(new Request(`https://kwikfill.example${path}`, init), next);
    const news = await visit('/news/?utm_source=mail&a=1');
    expect(news.status).toBe(301);
    expect(news.headers.get('location')).toBe('/news?utm_source=mail&a=1');
    expect(news.headers.get('cache-control')).toBe(REDIRECT_CACHE);
    expect(await news.text()).toBe('');
    expect((await visit('/stores/1//')).headers.get('location')).toBe('/stores/1');
    expect((await visit('/page/rewards/', { method: 'HEAD' })).headers.get('location')).toBe('/page/rewards');
    // A personal screen's redirect is kept nowhere either (cache-policy.ts PERSONAL_PATHS).
    expect((await visit('/account/login/')).headers.get('cache-control')).toBe(PERSONAL_CACHE);
    // Leading slashes collapsed: `//host/` must not become a link to another site.
    expect((await visit('//evil.example/')).headers.get('location')).toBe('/evil.example');
    expect((await visit('//')).headers.get('location')).toBe('/');
    // The home page, a slash-less page and another method pass through to the page.
    for (const [path, init] of [['/'], ['/news'], ['/news/', { method: 'POST', body: 'x' }]] as const) {
      const answer = await visit(path, init);
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toBe('<h1>Rewards</h1>');
    }
  });

  it('answers the screen at either address while maintenance is on, and an operator the redirect', async () => {
    on = true;
    vi.stubGlobal('Netlify', {
      env: { get: (name: string) => (name === 'APP_SECRET' ? SECRET : undefined) },
    });
    expect((await maintenance(new Request('https://kwikfill.example/news/'), next)).status).toBe(503);
    const cookie = `${OPERATOR_COOKIE}=${operatorCookieValue(SECRET, SINCE, clock)}`;
    const answer = await maintenance(
      new Request('https://kwikfill.example/news/', { headers: { cookie } }),
      next,
    );
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/news');
    expect(answer.headers.get('cache-control')).toBe(PERSONAL_CACHE);
  });

  it('keeps the site up when the switch cannot be read', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new Error('offline');
    });
    expect((await maintenance(new Request('https://kwikfill.example/'), next)).status).toBe(200);
  });

  it('covers every page but the API, the screen and the assets', () => {
    expect(config.path).toBe('/*');
    expect(config.excludedPath).toEqual(expect.arrayContaining(['/api/*', '/_astro/*', '/maintenance/*']));
  });
});
