// The API as the site serves it: configuration from the environment, the process's shared
// database (migrated), and the app, built once per process on the first request.
import { type App, createApp } from './app';
import { loadConfig, warnAboutConfig } from './config';
import { beforeDatabaseClose, sharedDatabase } from './db/shared';
import { createDeps } from './deps';

let runtime: Promise<App> | undefined;

export function getApp(): Promise<App> {
  runtime ??= (async () => {
    const config = loadConfig();
    warnAboutConfig(config); // already done by scripts/serve.mjs; not under `astro dev`
    const handle = await sharedDatabase(config);
    const deps = createDeps({ config, db: handle.db, dbKind: handle.kind });
    beforeDatabaseClose(deps.settle);
    return createApp(deps);
  })().catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}
