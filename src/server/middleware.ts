// Middleware every API answer passes through.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';

/**
 * API answers are per visitor and per moment: never cached by the browser or a proxy (a route may set its own: the public store list is
 * revalidated with its ETag). Set before
 * the answer is made, so that every c.json (errors too) carries it; touching c.res.headers after
 * would make the Node adapter rebuild each answer.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};

/** The public key identifies the web client (docs/api.md); it is not a secret. */
export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('x-api-key') !== c.var.deps.config.publicApiKey) throw ApiError.of(ERRORS.invalidApiKey);
  await next();
};
