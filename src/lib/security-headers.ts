// The response headers of every answer, one set of rules for both deploys: the Node server
// (src/server/http/headers.ts, src/server/http/static-files.ts), the on-demand answers of either server
// (src/middleware.ts) and Netlify's static files (the `_headers` file written at build by
// astro.config.mjs). The Content-Security-Policy is per page too, but Astro writes it (from its
// hashes and src/layouts/page-sources.ts). See docs/decisions/0007-security-headers.md. Caching
// has its own rules beside these: cache-policy.ts.
import { barePath, netlifyCacheRules } from './cache-policy.ts';

export const HSTS = 'max-age=31536000';
// Only a header can carry frame-ancestors (browsers ignore it in a <meta> CSP).
export const FRAME_ANCESTORS = "frame-ancestors 'self'" as const;
/** The same on every answer. */
export const COMMON_HEADERS = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
});

// Powerful features no page uses are off, for the page and every frame in it. Fullscreen is left
// at its default (the video players use it). Only the locator asks for the visitor's position.
const FEATURES_OFF = [
  'accelerometer',
  'camera',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];
const permissions = (geolocation: string): string =>
  [`geolocation=${geolocation}`, ...FEATURES_OFF.map((feature) => `${feature}=()`)].join(', ');
export const PERMISSIONS_POLICY = permissions('()');
export const LOCATOR_PERMISSIONS_POLICY = permissions('(self)');

/** Cloudflare Turnstile (the human check, src/features/human-check) loads and frames from here. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** The locator, the one page that asks for geolocation ("Use my location"). */
export const LOCATOR_PATH = '/stores';

export const permissionsPolicy = (pathname: string): string =>
  barePath(pathname) === LOCATOR_PATH ? LOCATOR_PERMISSIONS_POLICY : PERMISSIONS_POLICY;

const PAGE_HEADERS = Object.freeze({ ...COMMON_HEADERS, 'Permissions-Policy': PERMISSIONS_POLICY });
const LOCATOR_HEADERS = Object.freeze({
  ...COMMON_HEADERS,
  'Permissions-Policy': LOCATOR_PERMISSIONS_POLICY,
});

/** API answers are data, never a document: opened as a page, nothing may load or run in one. */
export const API_POLICY = `default-src 'none'; ${FRAME_ANCESTORS}`;
const API_HEADERS = Object.freeze({ ...PAGE_HEADERS, 'Content-Security-Policy': API_POLICY });

/**
 * Files under /media (offer images, artwork, videos) are on the origin that holds the session: were
 * one a document that runs script (an SVG can be), opening it would act as the signed-in visitor.
 * Opened directly, such a file may load nothing, run nothing (sandbox: no scripts, forms, popups or
 * navigation, and an opaque origin) and is framed only by our pages. Inline styles are allowed: the
 * browser's own viewer of a directly opened image styles its page inline (Chromium reports every
 * image opened otherwise), and an SVG's <style> draws it; without loads or scripts, a style reaches
 * nothing. In pages (<img>, <video>) this header plays no part. A video opened on its own does not
 * play under the sandbox: the site only ever plays them in its pages. docs/threat-model.md, "Imports".
 */
export const MEDIA_POLICY = `default-src 'none'; style-src 'unsafe-inline'; sandbox; ${FRAME_ANCESTORS}`;
export const MEDIA_PATHS = '/media/*';

/**
 * The CSP of a static file that is not a page (a page's own comes from Astro): /media has its own,
 * however many slashes the path starts with (`//media/x`, which the file lookup finds all the same).
 */
export const filePolicy = (pathname: string): string | undefined =>
  pathname.replace(/^\/+/, '/').startsWith(MEDIA_PATHS.slice(0, -1)) ? MEDIA_POLICY : undefined;

/**
 * The headers of every answer for this path, but HSTS (HTTPS only) and a page's own CSP. One of
 * three frozen objects, made once: the Node server asks on every request.
 */
export function headersFor(pathname: string): Readonly<Record<string, string>> {
  if (pathname.startsWith('/api/')) return API_HEADERS;
  return permissionsPolicy(pathname) === LOCATOR_PERMISSIONS_POLICY ? LOCATOR_HEADERS : PAGE_HEADERS;
}

/**
 * Netlify's `_headers` file for the published folder: the rules above for the static files (the
 * function sets them on its own answers: Netlify applies this file to static files only). No two
 * rules set the same header on one path, so the order in which Netlify merges them cannot matter;
 * that is why the locator's geolocation is not here: /stores is an on-demand page. The adapter
 * writes the /_astro/* rule (ASSET_CACHE) and each page's CSP into .netlify/v1/config.json.
 */
export function netlifyHeadersFile(): string {
  const rules: [string, Record<string, string>][] = [
    ['/*', { ...headersFor('/'), 'Strict-Transport-Security': HSTS }],
    ...netlifyCacheRules(),
    [MEDIA_PATHS, { 'Content-Security-Policy': MEDIA_POLICY }],
  ];
  const lines = ['# Written by the build from src/lib/security-headers.ts and cache-policy.ts: do not edit.'];
  for (const [path, values] of rules) {
    lines.push(path, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}
