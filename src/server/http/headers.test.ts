import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_POLICY } from '../../lib/security-headers.ts';
import {
  finishRenderedHeaders,
  isHttps,
  pagePolicy,
  readPagePolicies,
  setCommonHeaders,
  staticHeaders,
} from './headers.ts';

/** Just enough of node:http's request and response for the header helpers. */
const fakeRequest = (headers: Record<string, string> = {}, encrypted = false, url = '/') =>
  ({ url, headers, socket: { encrypted } }) as unknown as IncomingMessage;
function fakeResponse(statusCode = 200, headers: Record<string, string> = {}) {
  const map = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const res = {
    statusCode,
    getHeader: (name: string) => map.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => map.set(name.toLowerCase(), value),
    removeHeader: (name: string) => map.delete(name.toLowerCase()),
    map,
  };
  return res as unknown as ServerResponse & { map: typeof map };
}

describe('HSTS', () => {
  const proxied = fakeRequest({ 'x-forwarded-proto': 'https' });
  it('is sent over TLS, and behind a trusted proxy that says the visitor came over HTTPS', () => {
    expect(isHttps(fakeRequest({}, true), false)).toBe(true);
    expect(isHttps(proxied, true)).toBe(true);
    const res = fakeResponse();
    setCommonHeaders(proxied, res, true);
    expect(res.getHeader('strict-transport-security')).toBe('max-age=31536000');
  });

  it('is not sent over plain HTTP, nor on a forwarded proto nobody vouches for', () => {
    expect(isHttps(fakeRequest(), true)).toBe(false);
    expect(isHttps(proxied, false)).toBe(false);
    // The last entry is our proxy's; an earlier one was the client's own claim.
    expect(isHttps(fakeRequest({ 'x-forwarded-proto': 'https, http' }), true)).toBe(false);
    const res = fakeResponse();
    setCommonHeaders(proxied, res, false);
    expect(res.getHeader('strict-transport-security')).toBeUndefined();
    expect(res.getHeader('x-content-type-options')).toBe('nosniff');
  });
});

describe('the headers of every answer', () => {
  it('allow geolocation on the locator only', () => {
    const cases: [string, string][] = [
      ['/stores', 'geolocation=(self)'],
      ['/stores/?q=Warren', 'geolocation=(self)'],
      ['/stores/12', 'geolocation=()'],
      ['/news', 'geolocation=()'],
      ['/api/v1/store?size=1', 'geolocation=()'],
    ];
    for (const [url, geolocation] of cases) {
      const res = fakeResponse();
      setCommonHeaders(fakeRequest({}, false, url), res, false);
      expect(res.getHeader('permissions-policy'), url).toMatch(
        new RegExp(`^${geolocation.replace(/[()]/g, '\\$&')}, `),
      );
      expect(res.getHeader('permissions-policy'), url).toContain('camera=()');
      expect(res.getHeader('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('page policies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-csp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const page = (policy: string) =>
    `<html><head><meta http-equiv="content-security-policy" content="${policy}"></head></html>`;
  mkdirSync(join(dir, 'news'));
  writeFileSync(join(dir, 'news', 'index.html'), page('default-src &#39;self&#39;;'));
  writeFileSync(join(dir, '404.html'), page("script-src 'self' 'sha256-x'"));
  writeFileSync(join(dir, 'plain.html'), '<p>no policy</p>');
  const policies = readPagePolicies(dir);

  it("are read from each page's meta tag, with frame-ancestors added (meta tags cannot carry it)", () => {
    expect(pagePolicy(policies, '/news')).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(pagePolicy(policies, '/news/')).toBe(pagePolicy(policies, '/news'));
    expect(pagePolicy(policies, '/plain.html')).toBe("frame-ancestors 'self'");
    expect(pagePolicy(policies, '/missing')).toBeUndefined();
  });

  it("go on pages Astro renders: its own header, or the 404 page's policy, plus the path's caching", () => {
    const rendered = fakeResponse(200, {
      'content-type': 'text/html',
      'content-security-policy': 'img-src *',
    });
    finishRenderedHeaders(rendered, policies);
    expect(rendered.getHeader('content-security-policy')).toBe("img-src *; frame-ancestors 'self'");
    expect(rendered.getHeader('cache-control')).toBe('public, no-cache'); // cache-policy.ts, by path

    const missing = fakeResponse(404, { 'content-type': 'text/html; charset=utf-8' });
    finishRenderedHeaders(missing, policies);
    expect(missing.getHeader('content-security-policy')).toBe(
      "script-src 'self' 'sha256-x'; frame-ancestors 'self'",
    );
    expect(missing.getHeader('cache-control')).toBe('no-store'); // an error is never kept

    const account = fakeResponse(200, {
      'content-type': 'text/html',
      'cache-control': 'public, max-age=300',
    });
    finishRenderedHeaders(account, policies, '/account/entries');
    expect(account.getHeader('cache-control')).toBe('private, no-store');

    const store = fakeResponse(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' });
    finishRenderedHeaders(store, policies, '/stores/1');
    expect(store.getHeader('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(store.getHeader('cache-tag')).toBe('stores,pages');
    expect(store.getHeader('surrogate-key')).toBe('stores pages');

    const gone = fakeResponse(404, { 'content-type': 'text/html', 'cache-tag': 'stores,prices' });
    finishRenderedHeaders(gone, policies, '/stores/999');
    expect(gone.getHeader('cache-control')).toBe('no-store');
    expect(gone.getHeader('cache-tag')).toBeUndefined();

    const redirect = fakeResponse(302, { 'cache-control': 'public, max-age=60' });
    finishRenderedHeaders(redirect, policies);
    expect(redirect.getHeader('content-security-policy')).toBeUndefined();
    expect(redirect.getHeader('cache-control')).toBe('public, max-age=60'); // its own

    // A redirect that sets none (Astro.redirect: /giveaway/rules) gets one, and no CDN header.
    const bare = fakeResponse(302, { location: '/giveaway/rules/1' });
    finishRenderedHeaders(bare, policies, '/giveaway/rules');
    expect(bare.getHeader('cache-control')).toBe('no-cache');
    expect(bare.getHeader('cdn-cache-control')).toBeUndefined();
  });

  it("never weaken a personal answer's private, no-store: the path's rule does not make it shareable", () => {
    const policies = new Map<string, string>();
    for (const own of ['private, no-store', 'no-store', 'private, max-age=0']) {
      const personal = fakeResponse(200, {
        'content-type': 'application/json',
        'cache-control': own,
        'cdn-cache-control': 'public, max-age=60',
      });
      finishRenderedHeaders(personal, policies, '/stores/1');
      expect(personal.getHeader('cache-control'), own).toBe(own);
      expect(personal.getHeader('cdn-cache-control'), own).toBeUndefined();
    }
  });

  it("keep a frame at the CDN: its no-store is the path's rule for the browser, not a personal answer", () => {
    const frame = fakeResponse(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
    finishRenderedHeaders(frame, new Map(), '/frame/charge-card');
    expect(frame.getHeader('cache-control')).toBe('no-store');
    expect(frame.getHeader('cdn-cache-control')).toMatch(/max-age=31536000/);
    expect(frame.getHeader('surrogate-key')).toBe('pages');
  });
});

describe('the headers of a prebuilt file', () => {
  it('give a file under /media its own policy, a page its page policy, other files none', () => {
    const policies = new Map([['/news/index.html', "default-src 'self'; frame-ancestors 'self'"]]);
    expect(staticHeaders(policies, '/media/offers/pie.png')['Content-Security-Policy']).toBe(MEDIA_POLICY);
    expect(staticHeaders(policies, '/media/home/hero.mp4')).toMatchObject({
      'Content-Security-Policy': MEDIA_POLICY,
      'Cache-Control': 'public, no-cache',
    });
    expect(staticHeaders(policies, '/news/')['Content-Security-Policy']).toBe(
      "default-src 'self'; frame-ancestors 'self'",
    );
    expect(staticHeaders(policies, '/favicon.svg')).not.toHaveProperty('Content-Security-Policy');
  });
});
