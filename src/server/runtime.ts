// The API as the site serves it: configuration from the environment, the process's shared
// database (migrated), and the app, built once per process on the first request. Both ways in use
// it: the Astro endpoint (src/pages/api/v1/[...path].ts, on Netlify and under `astro dev`) and the
// Node server's direct binding (src/server/http/api-binding.ts). On-demand pages call the app
// through src/server/in-process-client.ts; the stores' sitemap reads getDeps().
import { type App, createApp } from './app';
import { loadConfig, warnAboutConfig } from './config';
import { beforeDatabaseClose, sharedDatabase } from './db/shared';
import { type ApiBindings, type AppDeps, createDeps } from './deps';
import { ERRORS, errorBody } from './errors';
import { newRequestId } from './http/request-log';
import { startJobWorker } from './jobs/worker';
import { log } from './log';

let runtime: Promise<{ deps: AppDeps; app: App }> | undefined;
/** The app once started: requests then go to it without waiting on a promise. */
let ready: App | undefined;

function start() {
  runtime ??= (async () => {
    const config = loadConfig();
    warnAboutConfig(config); // already done by src/server/http/server.ts; not under `astro dev`
    const handle = await sharedDatabase(config);
    const deps = createDeps({ config, db: handle.db, dbKind: handle.kind });
    ready = createApp(deps);
    // The queue's worker of this server: mail and deferred jobs (src/server/jobs/worker.ts).
    beforeDatabaseClose(startJobWorker(deps));
    return { deps, app: ready };
  })().catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

export const getApp = async (): Promise<App> => (await start()).app;
export const getDeps = async (): Promise<AppDeps> => (await start()).deps;

/** The app's error answer (with the request's id, docs/api.md), for when there is no app. */
const unavailable = (requestId: string) =>
  Response.json(
    { error: { ...errorBody(ERRORS.unavailable).error, request_id: requestId } },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } },
  );

/** Answers one API request; a 503 JSON answer while the API cannot start (database down). */
export function answerApi(request: Request, env: ApiBindings): Response | Promise<Response> {
  if (ready) return ready.fetch(request, env);
  return getApp().then(
    (app) => app.fetch(request, env),
    (error) => {
      const requestId = env.requestId ?? newRequestId();
      log.error({ request_id: requestId, err: error }, 'the API could not start');
      return unavailable(requestId);
    },
  );
}
