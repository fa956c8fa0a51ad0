// The API as the site serves it: configuration from the environment, the process's shared
// database (migrated), and the app, built once per process on the first request. Both ways in use
// it: the Astro endpoint (src/pages/api/v1/[...path].ts, on Netlify and under `astro dev`) and the
// Node server's direct binding (src/server/http/api-binding.ts). On-demand pages call the app
// through src/server/in-process-client.ts; the stores' sitemap reads getDeps().
// In a Netlify function (src/middleware.ts and netlify/functions/ say so first, runOnNetlify) it
// refuses what cannot work there (src/server/netlify-refusals.ts): the refusal answers every request,
// a 503 JSON whose description says what to set, and is logged once.
import { type App, createApp, registerJobs } from './app.ts';
import { loadConfig, prepareFiles, setting, warnAboutConfig } from './config/index.ts';
import { beforeDatabaseClose, sharedDatabase } from './db/shared.ts';
import { type ApiBindings, type AppDeps, createDeps } from './deps.ts';
import { ERRORS, errorBody } from './errors.ts';
import { newRequestId } from './http/request-log.ts';
import { startJobWorker } from './jobs/worker.ts';
import { log } from './log.ts';
import { PlatformRefusal, refuseForeignDatabase, refuseSqlite } from './netlify-refusals.ts';

let runtime: Promise<{ deps: AppDeps; app: App }> | undefined;
/** The app once started: requests then go to it without waiting on a promise. */
let ready: App | undefined;
/** Set when the process is a Netlify function: its deploy context (production, deploy-preview, ...). */
let netlify: { deployContext: string } | undefined;

/** Called by the Netlify function's ways in before they ask for the API; the first call holds. */
export function runOnNetlify(deployContext: string | undefined): void {
  netlify ??= { deployContext: deployContext || 'unknown' };
}

function start() {
  runtime ??= (async () => {
    if (netlify) refuseSqlite({ DATABASE_URL: setting('DATABASE_URL') });
    const config = prepareFiles(loadConfig());
    warnAboutConfig(config); // already done by src/server/http/server.ts; not under `astro dev`
    const handle = await sharedDatabase(config);
    if (netlify) await refuseForeignDatabase(handle.db, netlify.deployContext);
    const deps = createDeps({ config, db: handle.db, dbKind: handle.kind });
    registerJobs(deps.jobs);
    ready = createApp(deps);
    // The queue's worker of this server: mail and deferred jobs (src/server/jobs/worker.ts). Not in
    // a Netlify function, which lives only for its request: there the requests' kicks (kept alive
    // by waitUntil) and the scheduled function (src/server/scheduled-work.ts) run the queue.
    beforeDatabaseClose(netlify ? deps.settle : startJobWorker(deps));
    return { deps, app: ready };
  })().catch((error) => {
    // A refusal holds until the next deploy (a function's environment changes only then): said once.
    if (error instanceof PlatformRefusal) log.error({ err: error }, error.message);
    else runtime = undefined;
    throw error;
  });
  return runtime;
}

export const getApp = async (): Promise<App> => (await start()).app;
export const getDeps = async (): Promise<AppDeps> => (await start()).deps;

/** The app's error answer (with the request's id, docs/api.md), for when there is no app. */
const unavailable = (requestId: string, description?: string) =>
  Response.json(
    {
      error: {
        ...errorBody(ERRORS.unavailable).error,
        ...(description && { description }),
        request_id: requestId,
      },
    },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } },
  );

/** Answers one API request; a 503 JSON answer while the API cannot start (database down). */
export function answerApi(request: Request, env: ApiBindings): Response | Promise<Response> {
  if (ready) return ready.fetch(request, env);
  return getApp().then(
    (app) => app.fetch(request, env),
    (error) => {
      const requestId = env.requestId ?? newRequestId();
      if (error instanceof PlatformRefusal) return unavailable(requestId, error.message);
      log.error({ request_id: requestId, err: error }, 'the API could not start');
      return unavailable(requestId);
    },
  );
}

/**
 * Resolves once the work the API deferred (mail sent after its answer) is done: a Netlify function
 * hands it to context.waitUntil, or the platform may stop the instance as soon as the answer is out.
 */
export const settleDeferred = (): Promise<void> =>
  runtime
    ? runtime.then(
        ({ deps }) => deps.settle(),
        () => undefined,
      )
    : Promise.resolve();
