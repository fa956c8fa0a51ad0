// What every API request goes through before its route (src/server/app.ts runs these in one layer
// of Hono's chain: each layer costs every request an async step of its own, bench/server.mjs).
import type { Context } from 'hono';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';

/**
 * API answers are per visitor and per moment: never cached by the browser or a proxy (a route may
 * set its own: the public store list is revalidated with its ETag). Set before the answer is made,
 * so that every c.json (errors too) carries it; touching c.res.headers after would make the Node
 * adapter rebuild each answer. The Node server sets it on the node:http answer before the app runs
 * (src/server/node.ts): set here, it makes Hono build a Headers object for every answer, about a
 * tenth of a health check's time. A route's own Cache-Control replaces it either way.
 */
export function noStore(c: Context<AppEnv>): void {
  if (!c.env?.noStoreSet) c.header('Cache-Control', 'no-store');
}

/** The public key identifies the web client (docs/api.md); it is not a secret. */
export function requireApiKey(c: Context<AppEnv>): void {
  // c.get, not c.var: c.var copies every variable into a new object on each use.
  if (c.req.header('x-api-key') !== c.get('deps').config.publicApiKey) {
    throw ApiError.of(ERRORS.invalidApiKey);
  }
}
