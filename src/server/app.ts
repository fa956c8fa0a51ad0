// The API: one Hono app under /api/v1, one route module per resource. Every answer is JSON and
// every mistake a 4xx `{ error: { code, description } }`; the error handler logs anything else as
// a 500, which tests show no input reaches. The route modules are chained, so `AppType` carries
// every path, input and answer to the browser's typed client (src/lib/api-client.ts).
// This is the one file of src/server that imports features: one line per route module, and one per
// feature job (registerJobs, called where jobs run: not by createApp, which changes nothing outside
// the app it builds; docs/decisions/0023-settings-are-only-settings.md).
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authRoutes } from '../features/account/auth.server.ts';
import { meRoutes } from '../features/account/me.server.ts';
import { applicationRoutes } from '../features/applications/applications.server.ts';
import { MAX_APPLICATION_BYTES } from '../features/applications/uploads.ts';
import { contactRoutes } from '../features/contact/contact.server.ts';
import { CONTACT_MAIL_JOB, runContactMailJob } from '../features/contact/contact-mail.server.ts';
import { giftCardRoutes } from '../features/gift-card/gift-card.server.ts';
import { giveawayRoutes } from '../features/giveaway/giveaway.server.ts';
import { locatorRoutes } from '../features/locator/locator.server.ts';
import { offersRoutes } from '../features/offers/offers.server.ts';
import { recruitingRoutes } from '../features/recruiting/recruiting.server.ts';
import { RETENTION_EVERY_MS, runRetention } from '../features/retention.server.ts';
import { vitalsRoutes } from '../features/vitals/vitals.server.ts';
import { PURGE_JOB, runPurgeJob } from './cdn-purge.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { ApiError, ERRORS, errorBody, isUnavailable } from './errors.ts';
import { humanCheckRoutes } from './human-check/routes.ts';
import { idempotent } from './idempotency.ts';
import type { JobRunner } from './jobs/worker.ts';
import { maintenanceGate, maintenanceRoutes } from './maintenance/routes.ts';
import { cachePolicy, identify, logRequest, requireApiKey, unshareErrors } from './middleware.ts';
import { jsonBodies, refuseNulInUrl } from './request.ts';
import { platformRoutes } from './routes/platform.ts';
import { requireUser } from './sessions.ts';

export const API_BASE = '/api/v1';
export const MAX_BODY_BYTES = 64 * 1024;
const UPLOAD_PATH = `${API_BASE}/applications/`;
/** The routes that create something: a retry with the same Idempotency-Key stores once (idempotency.ts). */
const IDEMPOTENT_ROUTES = [
  '/promotion/:id/entry',
  '/contact',
  '/auth/register',
  '/applications/:kind',
  '/me/vip',
  '/me/mailing-lists',
  '/winner/confirm',
  '/winner/decline',
];

/** True when the client closed the connection before its request was read to the end. */
function clientGone(request: Request, error: Error): boolean {
  return request.signal?.aborted || (error as { code?: unknown }).code === 'ECONNRESET';
}

/**
 * An error answer, `{ error: { code, description, fields?, request_id } }` (docs/api.md): the
 * request's id lets a visitor's report be matched with the log.
 */
function errorAnswer(
  c: Context<AppEnv>,
  body: { error: object },
  status: ContentfulStatusCode,
  headers?: Record<string, string>,
) {
  return c.json({ error: { ...body.error, request_id: c.get('requestId') } }, status, headers);
}

/**
 * The features' jobs in the durable queue (src/server/jobs/worker.ts; 'mail' is the platform's),
 * added to a runner by whatever runs jobs: the API's runtime (src/server/runtime.ts) and the tests' app.
 */
export function registerJobs(jobs: JobRunner): void {
  jobs.handlers.set(CONTACT_MAIL_JOB, runContactMailJob);
  jobs.handlers.set(PURGE_JOB, runPurgeJob);
  jobs.handlers.set('retention', async (d) => {
    await runRetention(d);
  });
  jobs.periodic.set('retention', RETENTION_EVERY_MS);
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false }).basePath(API_BASE);

  // First, what every request needs whatever comes of it: its id (and its log line, when the way
  // in does not log it), the deps, its caching (shared for a public read, else private, no-store). One layer: each layer of Hono's chain costs every
  // request an async step of its own (bench/server.mjs).
  // Hono's methodNotAllowed runs inside that layer too (a 404 of a path that other methods answer
  // becomes a 405 with Allow, once the route has answered).
  const notAllowed = methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      errorAnswer(c, errorBody(ERRORS.methodNotAllowed), 405, { Allow: methods.join(', ') }),
  });
  app.use((c, next) => {
    c.set('deps', deps);
    const shared = cachePolicy(c);
    const answer = async () => {
      await notAllowed(c, next);
      if (shared) unshareErrors(c);
    };
    return identify(c) ? logRequest(c, answer) : answer();
  });
  const tooLarge = (c: Context<AppEnv>) => errorAnswer(c, errorBody(ERRORS.payloadTooLarge), 413);
  // A body of a stated length (Content-Length, no Transfer-Encoding: what browsers send) is judged by
  // that header, as Hono's bodyLimit would, but without asking for `c.req.raw.body`: that makes the
  // Node adapter build a full Request around a web stream, about a tenth of a giveaway entry's
  // time (bench/server.mjs); the route then reads the body straight from the socket. A body sent
  // in chunks, of unknown length, is counted as it streams by Hono's bodyLimit.
  const limit = (maxSize: number): MiddlewareHandler<AppEnv> => {
    const streamed = bodyLimit({ maxSize, onError: tooLarge });
    return (c, next) => {
      const length = c.req.header('content-length');
      if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
      return Number.parseInt(length, 10) > maxSize ? Promise.resolve(tooLarge(c)) : next();
    };
  };
  const jsonLimit = limit(MAX_BODY_BYTES);
  // The application forms' uploads: a stated length over the limit is refused here; a body of
  // unknown length is not read ahead (bodyLimit would buffer all of it before the route's guard),
  // the route's streaming reader counts it (src/features/applications/multipart.server.ts).
  const uploadLimit: MiddlewareHandler<AppEnv> = (c, next) =>
    Number.parseInt(c.req.header('content-length') ?? '0', 10) > MAX_APPLICATION_BYTES
      ? Promise.resolve(tooLarge(c))
      : next();
  // Every body is a JSON object, except the application forms' multipart uploads (read by their
  // route). GET and HEAD carry none.
  const bodyRules: MiddlewareHandler<AppEnv> = (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path.startsWith(UPLOAD_PATH)) return uploadLimit(c, next);
    return jsonLimit(c, async () => {
      await jsonBodies(c, next);
    });
  };
  // The one-time operator link is opened in a browser, without the API key; then the maintenance gate.
  app.route('/maintenance', maintenanceRoutes);
  app.use(maintenanceGate);
  app.use((c, next) => {
    requireApiKey(c);
    refuseNulInUrl(c);
    return bodyRules(c, next);
  }); // one layer, as above
  for (const path of IDEMPOTENT_ROUTES) {
    // An account's kept answer is replayed only to a session that still holds (not after sign-out).
    if (path.startsWith('/me/')) app.use(path, requireUser);
    app.use(path, idempotent({ uploads: `${API_BASE}${path}`.startsWith(UPLOAD_PATH) }));
  }

  const routes = app
    .route('/', platformRoutes)
    .route('/human-check', humanCheckRoutes)
    .route('/auth', authRoutes)
    .route('/me', meRoutes)
    .route('/', giveawayRoutes)
    .route('/offers', offersRoutes)
    .route('/contact', contactRoutes)
    .route('/gift-card', giftCardRoutes)
    .route('/recruiting-assistant', recruitingRoutes)
    .route('/applications', applicationRoutes)
    .route('/', locatorRoutes)
    .route('/vitals', vitalsRoutes);

  app.notFound((c) => errorAnswer(c, errorBody(ERRORS.notFound), 404));
  app.onError((error, c) => {
    // A route's ApiError carries a status with a body (ERRORS' entries, a route's 4xx), never 0.
    if (error instanceof ApiError)
      return errorAnswer(c, error.toJSON(), error.status as ContentfulStatusCode);
    if (error instanceof HTTPException && error.status < 500) {
      const description = error.message || 'Bad request.';
      return errorAnswer(c, { error: { code: 'bad_request', description } }, error.status);
    }
    // A client that went away mid-request (an upload cut off) is no failure of ours: no log.
    if (clientGone(c.req.raw, error)) return errorAnswer(c, errorBody(ERRORS.aborted), 400);
    // The route pattern only, never the path or query a visitor sent (docs: src/server/log.ts).
    const about = {
      request_id: c.get('requestId'),
      method: c.req.method,
      route: routePath(c, -1),
      err: error,
    };
    // The database is down or its disk full: the request was fine, the same one works later.
    if (isUnavailable(error)) {
      deps.log.error(about, 'the database is unavailable');
      return errorAnswer(c, errorBody(ERRORS.unavailable), 503, { 'Retry-After': '30' });
    }
    deps.log.error(about, 'the request failed');
    return errorAnswer(c, errorBody(ERRORS.internal), 500);
  });
  return routes;
}

export type App = ReturnType<typeof createApp>;
/** The API's type for `hc<AppType>` (hono/client): import it with `import type` only. */
export type AppType = App;
