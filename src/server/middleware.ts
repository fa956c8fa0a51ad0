// What every API request goes through before its route (src/server/app.ts runs these in one layer
// of Hono's chain: each layer costs every request an async step of its own, bench/server.mjs).
import type { Context, Next } from 'hono';
import { routePath } from 'hono/route';
import { apiCacheHeaders, CDN_HEADERS, PERSONAL_CACHE } from '../lib/cache-policy.ts';
import type { AppEnv } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { newRequestId } from './http/request-log.ts';

/**
 * The answer's caching (src/lib/cache-policy.ts), set before it is made so that every c.json
 * carries it; touching c.res.headers after would make the Node adapter rebuild each answer. The
 * public reads (GET /store, /offers, /promotion, ...) are shared at the CDN and tagged; everything
 * else is per visitor: `private, no-store`. The Node server sets that default on the node:http
 * answer before the app runs (src/server/http/api-binding.ts): set here, it makes Hono build a
 * Headers object for every answer, about a tenth of a health check's time. True for a public read,
 * whose answer must lose its sharing if it turns out an error (unshareErrors).
 */
export function cachePolicy(c: Context<AppEnv>): boolean {
  const headers = apiCacheHeaders(c.req.method, matchedRoute(c));
  const shared = headers['Cache-Control'] !== PERSONAL_CACHE;
  if (shared) for (const [name, value] of Object.entries(headers)) c.header(name, value);
  else if (!c.env?.noStoreSet) c.header('Cache-Control', PERSONAL_CACHE);
  return shared;
}

/** A public read that answered an error (a 404, a mistake in its query, a 503): kept by nobody, like every other API answer. */
export function unshareErrors(c: Context<AppEnv>): void {
  if (c.res.status < 400) return;
  for (const name of CDN_HEADERS) c.res.headers.delete(name);
  c.res.headers.set('Cache-Control', PERSONAL_CACHE);
}

/** The public key identifies the web client (docs/api.md); it is not a secret. */
export function requireApiKey(c: Context<AppEnv>): void {
  // Every request passes here, so c.get: c.var builds a new object of all the variables on each read
  // (Hono's Context); elsewhere either one reads the same.
  if (c.req.header('x-api-key') !== c.get('deps').config.publicApiKey) {
    throw ApiError.of(ERRORS.invalidApiKey);
  }
}

/** The pattern of the route that answers (`/api/v1/store/:number`), null when none does (a 404). */
function matchedRoute(c: Context<AppEnv>): string | null {
  const path = routePath(c, -1);
  return path && !path.endsWith('*') ? path : null;
}

/**
 * Gives the request its id: the Node server's (already sent as X-Request-Id, and it logs the
 * request: the route pattern goes back to it in the bindings), or, on any other way in (Netlify,
 * tests), a new one sent here. True when the app must log the request itself (see logRequest).
 */
export function identify(c: Context<AppEnv>): boolean {
  const env = c.env;
  if (env?.requestId) {
    c.set('requestId', env.requestId);
    env.route = matchedRoute(c);
    return false;
  }
  const id = newRequestId();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  return true;
}

/** Answers, then logs the request's line (the Node server logs its own: src/server/http/request-log.ts). */
export async function logRequest(c: Context<AppEnv>, next: Next): Promise<void> {
  const started = performance.now();
  await next();
  c.get('deps').log.info({
    request_id: c.get('requestId'),
    method: c.req.method.slice(0, 16),
    route: matchedRoute(c),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 100) / 100,
  });
}
