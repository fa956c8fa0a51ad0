// Response headers of the production server (server.ts): the security headers every answer
// carries, the Content-Security-Policy of each HTML page as a header, HSTS over HTTPS, caching, and
// the headers of a prebuilt file (staticHeaders), whichever way it is sent.
// The rules themselves (which header on which path) are shared with Netlify: src/lib/security-headers.ts
// and src/lib/cache-policy.ts.
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import type { TLSSocket } from 'node:tls';
import {
  CDN_HEADERS,
  fileCacheHeaders,
  keepsOwnCaching,
  pageCacheHeaders,
  REVALIDATION_HEADERS,
} from '../../lib/cache-policy.ts';
import { FRAME_ANCESTORS, filePolicy, HSTS, headersFor } from '../../lib/security-headers.ts';

/** The CSP of each prebuilt HTML page, by its file path in the client folder ('/charge-card/index.html'). */
export type PagePolicies = Map<string, string>;

function withFrameAncestors(policy: string | undefined): string {
  const base = policy?.trim().replace(/;+$/, '');
  if (!base) return FRAME_ANCESTORS;
  return /frame-ancestors/.test(base) ? base : `${base}; ${FRAME_ANCESTORS}`;
}

/**
 * A copy of `text` that refers to nothing else: a string cut out of a larger one (a match, a slice)
 * keeps the whole larger one alive in V8. The policies cut from the pages held 2.5 MB of HTML at rest.
 */
const ownCopy = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/**
 * The CSP of every prebuilt HTML page, read once at start from the meta tag Astro writes into it,
 * by file path relative to the client folder ('/charge-card/index.html').
 */
export function readPagePolicies(clientDir: string): PagePolicies {
  const policies: PagePolicies = new Map();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    const html = readFileSync(path, 'utf8');
    const meta = html.match(/<meta[^>]+http-equiv="content-security-policy"[^>]*>/i)?.[0];
    const content = meta
      ?.match(/content="([^"]*)"/i)?.[1]
      ?.replaceAll('&#39;', "'")
      .replaceAll('&quot;', '"');
    policies.set(`/${relative(clientDir, path)}`, ownCopy(withFrameAncestors(content?.trim())));
  }
  return policies;
}

/** The policy of the page sirv serves for a URL path (its lookup order: x, x.html, x/index.html). */
export function pagePolicy(policies: PagePolicies, pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  return policies.get(path) ?? policies.get(`${path}.html`) ?? policies.get(`${path}/index.html`);
}

/** True when the visitor reached us over HTTPS: a TLS socket, or a trusted proxy saying so. */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  // The last entry is the one our own proxy added (as for X-Forwarded-For in src/server/request.ts).
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')
    .at(-1)
    ?.trim();
  return proto === 'https';
}

/**
 * Headers every answer gets, before it is routed (the Permissions-Policy depends on the path: the
 * server's one reading of it, request-path.ts, which it has written into req.url).
 */
export function setCommonHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: boolean,
  path = (req.url ?? '/').split('?')[0] ?? '/',
): void {
  for (const [name, value] of Object.entries(headersFor(path))) res.setHeader(name, value);
  if (isHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
}

/**
 * For answers rendered by Astro (on-demand pages, the 404 and 500 pages): the page's CSP as a
 * header (Astro sends it for on-demand pages; the prebuilt 404 page has it in its meta tag only),
 * always with frame-ancestors; the caching of the path and status (cache-policy.ts: src/middleware.ts
 * sets the same on the pages it sees, but not on the prebuilt 404 page), whatever the page set,
 * except that an answer kept by no shared cache stays so, and a redirect keeps its own
 * (keepsOwnCaching). Runs as the headers go out.
 */
export function finishRenderedHeaders(res: ServerResponse, policies: PagePolicies, pathname = '/'): void {
  const caching = pageCacheHeaders(pathname, res.statusCode);
  if (caching['Cache-Control']) {
    for (const name of CDN_HEADERS) res.removeHeader(name);
    const own = res.getHeader('cache-control');
    // The path's own browser rule (a frame's no-store, set by src/middleware.ts) is not the page's
    // choice: its CDN headers come back with it.
    const mine = own === undefined ? undefined : String(own);
    if (mine === caching['Cache-Control'] || !keepsOwnCaching(res.statusCode, mine)) {
      for (const [name, value] of Object.entries(caching)) res.setHeader(name, value);
    }
  }
  if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return;
  const own = res.getHeader('content-security-policy');
  const policy = own
    ? String(own)
    : res.statusCode === 404
      ? policies.get('/404.html')
      : res.statusCode >= 500
        ? policies.get('/500.html')
        : undefined;
  res.setHeader('Content-Security-Policy', withFrameAncestors(policy));
}

/**
 * The headers a prebuilt file gets beyond those of every answer, however it is sent (from memory,
 * by sirv, as a byte range): caching and, for a page, its CSP; for a file under /media, the policy
 * that lets it run nothing when opened directly. The one place they are made.
 */
export function staticHeaders(policies: PagePolicies, pathname: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { 'Accept-Ranges': 'bytes', ...fileCacheHeaders(pathname) };
  const policy = pagePolicy(policies, pathname) ?? filePolicy(pathname);
  if (policy) headers['Content-Security-Policy'] = policy;
  return headers;
}

/**
 * The headers of a 304 from those its 200 carries: the caching, every CDN header and tag, the
 * validators and Vary (cache-policy.ts REVALIDATION_HEADERS). A CDN merges them into its kept
 * answer (RFC 9111 4.3.4); a 304 with less would cut the kept answer's lifetime to the browser's.
 */
export function notModifiedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && REVALIDATION_HEADERS.includes(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}
