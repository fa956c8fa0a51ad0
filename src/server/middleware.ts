// Middleware every API answer passes through.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';

/**
 * API answers are per visitor and per moment: never cached by the browser or a proxy, unless a
 * route says otherwise (the public store list is revalidated with its ETag instead).
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/** The public key identifies the web client (docs/api.md); it is not a secret. */
export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('x-api-key') !== c.var.deps.config.publicApiKey) throw ApiError.of(ERRORS.invalidApiKey);
  await next();
};
