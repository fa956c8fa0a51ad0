import { describe, expect, it } from 'vitest';
import {
  filePolicy,
  headersFor,
  LOCATOR_PERMISSIONS_POLICY,
  MEDIA_POLICY,
  netlifyHeadersFile,
  PERMISSIONS_POLICY,
  permissionsPolicy,
} from './security-headers.ts';

describe('Permissions-Policy', () => {
  it('allows geolocation on the locator only, in each form of its path', () => {
    for (const path of ['/stores', '/stores/'])
      expect(permissionsPolicy(path), path).toBe(LOCATOR_PERMISSIONS_POLICY);
    for (const path of ['/', '/stores/12', '/storesx', '/account/login', '/api/v1/store']) {
      expect(permissionsPolicy(path), path).toBe(PERMISSIONS_POLICY);
    }
    expect(LOCATOR_PERMISSIONS_POLICY).toContain('geolocation=(self)');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });

  it('turns off the powerful features no page uses, and leaves fullscreen to the video players', () => {
    for (const feature of ['camera', 'microphone', 'payment', 'usb']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
      expect(LOCATOR_PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    expect(PERMISSIONS_POLICY).not.toContain('fullscreen');
  });
});

describe('the same headers on every answer', () => {
  it('adds a policy that lets nothing load or run to API answers, and no CSP to the rest', () => {
    expect(headersFor('/api/v1/me')['Content-Security-Policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
    for (const path of ['/', '/stores', '/_astro/map.worker.js', '/apis']) {
      expect(headersFor(path), path).not.toHaveProperty('Content-Security-Policy');
    }
  });

  it('has nosniff, a referrer policy and the path’s permissions', () => {
    expect(headersFor('/stores')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
      'Permissions-Policy': LOCATOR_PERMISSIONS_POLICY,
    });
  });
});

describe('files under /media', () => {
  it('get a policy that loads and runs nothing, sandboxed; other files get none of their own', () => {
    expect(MEDIA_POLICY).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    );
    for (const path of ['/media/offers/pie.png', '/media/home/hero.mp4', '/media/cafe.svg'])
      expect(filePolicy(path), path).toBe(MEDIA_POLICY);
    for (const path of ['/favicon.svg', '/mediakit.svg', '/_astro/app.js', '/news/media/x.svg'])
      expect(filePolicy(path), path).toBeUndefined();
  });
});

describe("Netlify's _headers file", () => {
  /** path -> { header -> value }, as written. */
  function parse(text: string) {
    const rules = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of text.split('\n')) {
      if (line.startsWith('/')) {
        current = {};
        rules.set(line, current);
      } else if (line.startsWith('  ') && current) {
        const [name, ...value] = line.trim().split(': ');
        current[name as string] = value.join(': ');
      }
    }
    return rules;
  }
  const rules = parse(netlifyHeadersFile());

  it('sends the security headers and HSTS on every path, and the rules of the Node server', () => {
    expect(rules.get('/*')).toMatchObject({
      ...headersFor('/'),
      'Strict-Transport-Security': 'max-age=31536000',
    });
    // A personal page by its file's name too, which Netlify serves as well (`/account/login.html`).
    for (const path of [
      '/account',
      '/account/entries',
      '/account/login.html',
      '/giveaway/confirm',
      '/fleet-fueling.html',
    ]) {
      expect(rules.get(path), path).toEqual({ 'Cache-Control': 'private, no-store' });
    }
    expect(rules.get('/media/*')).toEqual({ 'Content-Security-Policy': MEDIA_POLICY });
  });

  it('never sets one header in two rules (Netlify would merge them in an order of its own)', () => {
    const seen = new Set<string>();
    for (const values of rules.values()) {
      for (const name of Object.keys(values)) {
        if (name === 'Cache-Control') continue; // only on paths that do not overlap, checked below
        expect(seen.has(name), name).toBe(false);
        seen.add(name);
      }
    }
    expect(rules.get('/*')).not.toHaveProperty('Cache-Control');
  });
});
