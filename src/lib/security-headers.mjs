// @ts-check
// The response headers of every answer, one set of rules for both deploys: the Node server
// (src/server/http/headers.ts, src/server/http/static-files.ts), the on-demand answers of either server
// (src/middleware.ts) and Netlify's static files (the `_headers` file written at build by
// astro.config.mjs). The Content-Security-Policy is per page too, but Astro writes it (from its
// hashes and src/layouts/page-sources.ts). See docs/decisions/0007-security-headers.md.

export const HSTS = 'max-age=31536000';
// Only a header can carry frame-ancestors (browsers ignore it in a <meta> CSP).
export const FRAME_ANCESTORS = /** @type {const} */ ("frame-ancestors 'self'");
/** Pages: kept, but asked again each time (ETag, 304). */
export const PAGE_CACHE = 'public, no-cache';
/** Hashed build assets never change under one name. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Answers with a visitor's data: never kept by a browser, proxy or back/forward cache. */
export const PERSONAL_CACHE = 'no-store';

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
const permissions = (/** @type {string} */ geolocation) =>
  [`geolocation=${geolocation}`, ...FEATURES_OFF.map((feature) => `${feature}=()`)].join(', ');
export const PERMISSIONS_POLICY = permissions('()');
export const LOCATOR_PERMISSIONS_POLICY = permissions('(self)');

/** Cloudflare Turnstile (the human check, src/features/human-check) loads and frames from here. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** The locator, the one page that asks for geolocation ("Use my location"). */
export const LOCATOR_PATH = '/stores';

/**
 * Pages whose answers carry a visitor's data or what a visitor types into them: the account
 * screens, and the application forms (Social Security and bank numbers). In Netlify's path syntax,
 * also matched by the Node server (a path, its trailing slash and its index.html).
 */
export const PERSONAL_PATHS = Object.freeze(['/account', '/account/*', '/frame/*', '/fleet-fueling.html']);

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
// Netlify's `*` is any rest of the path; nothing else in these paths is special to it.
const personal = new RegExp(
  `^(?:${PERSONAL_PATHS.map((path) => escapeRegExp(path).replaceAll('*', '.*')).join('|')})$`,
);

/** The URL path without a trailing slash or index.html ('/' stays '/'). */
const bare = (/** @type {string} */ pathname) => pathname.replace(/(\/index\.html|\/+)$/, '') || '/';

export const isPersonal = (/** @type {string} */ pathname) => personal.test(bare(pathname));

export const permissionsPolicy = (/** @type {string} */ pathname) =>
  bare(pathname) === LOCATOR_PATH ? LOCATOR_PERMISSIONS_POLICY : PERMISSIONS_POLICY;

/** Cache-Control of a page or file the server sends as it is (not of API answers: they set their own). */
export function cacheControl(/** @type {string} */ pathname) {
  if (pathname.startsWith('/_astro/')) return ASSET_CACHE;
  return isPersonal(pathname) ? PERSONAL_CACHE : PAGE_CACHE;
}

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

/** The CSP of a static file that is not a page (a page's own comes from Astro): /media has its own. */
export const filePolicy = (/** @type {string} */ pathname) =>
  pathname.startsWith(MEDIA_PATHS.slice(0, -1)) ? MEDIA_POLICY : undefined;

/**
 * The headers of every answer for this path, but HSTS (HTTPS only) and a page's own CSP. One of
 * three frozen objects, made once: the Node server asks on every request.
 * @returns {Readonly<Record<string, string>>}
 */
export function headersFor(/** @type {string} */ pathname) {
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
export function netlifyHeadersFile() {
  /** @type {[string, Record<string, string>][]} */
  const rules = [
    ['/*', { ...headersFor('/'), 'Strict-Transport-Security': HSTS }],
    ...PERSONAL_PATHS.map(
      (path) => /** @type {[string, Record<string, string>]} */ ([path, { 'Cache-Control': PERSONAL_CACHE }]),
    ),
    [MEDIA_PATHS, { 'Content-Security-Policy': MEDIA_POLICY }],
  ];
  const lines = ['# Written by the build from src/lib/security-headers.mjs: do not edit.'];
  for (const [path, values] of rules) {
    lines.push(path, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}
