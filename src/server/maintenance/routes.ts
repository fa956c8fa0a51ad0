// The maintenance switch in the API (state.ts): the gate that answers 503 JSON while
// it is on, and the one-time operator link, which needs no API key (an operator opens it in a browser).
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { CDN_HEADERS, PERSONAL_CACHE } from '../../lib/cache-policy.ts';
import type { AppEnv } from '../deps.ts';
import { ApiError } from '../errors.ts';
import {
  blockedByMaintenance,
  knownOff,
  MAINTENANCE_ERROR,
  maintenanceState,
  operatorCookieValue,
  operatorSetCookie,
  RETRY_AFTER_SECONDS,
  redeemOperatorPass,
} from './state.ts';

export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps'); // c.var would copy every variable: this runs on every request
  // The common case (off, read within the second) costs no await: the API's throughput counts.
  // A page's own reads in this process were let through with the page (ApiBindings.inProcess).
  if (knownOff(deps) || c.env?.inProcess) return next();
  if (await blockedByMaintenance(deps, c.req.path, c.req.header('cookie'))) {
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    throw new ApiError(503, MAINTENANCE_ERROR.code, MAINTENANCE_ERROR.description);
  }
  const on = (await maintenanceState(deps)).on;
  await next();
  // Let through while it is on (an operator): kept by no cache, so no CDN shows it to the others.
  if (on) {
    for (const name of CDN_HEADERS) c.res.headers.delete(name);
    c.res.headers.set('Cache-Control', PERSONAL_CACHE);
  }
};

const invalidPass = () =>
  new ApiError(
    403,
    'invalid_operator_pass',
    'This operator link is used, expired, mistyped or not for the maintenance now on. Print a new one with `npm run admin -- maintenance link`.',
  );

export const maintenanceRoutes = new Hono<AppEnv>().get('/pass', async (c) => {
  const { deps } = c.var;
  const token = c.req.query('token') ?? '';
  if (token.length < 20 || token.length > 100) throw invalidPass();
  const state = await maintenanceState(deps);
  if (!(await redeemOperatorPass(deps.db, token, deps.now(), state))) throw invalidPass();
  const secure = deps.config.siteUrl.startsWith('https:');
  c.header(
    'Set-Cookie',
    operatorSetCookie(operatorCookieValue(deps.config.appSecret, state.since, deps.now()), secure),
  );
  return c.redirect('/', 303);
});
