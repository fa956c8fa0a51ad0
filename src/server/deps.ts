// What the API's routes work with, gathered in one object so that tests can build an app on a
// throwaway database with a fake clock, a fake fetch and their own outbox.
import type { Kysely } from 'kysely';
import type { Config } from './config/index.ts';
import type { DatabaseKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { createJobRunner, type JobRunner } from './jobs/worker.ts';
import { type Logger, log } from './log.ts';
import { createMailer, type Mailer } from './mailer.ts';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  mailer: Mailer;
  /** Epoch milliseconds; tests move it forward instead of waiting. */
  now: () => number;
  /** Used for Turnstile's siteverify. */
  fetch: typeof fetch;
  /** Runs work after the answer has gone (e.g. sending mail) and logs its failure. */
  defer: (label: string, task: () => Promise<unknown>) => void;
  /** Resolves when deferred work has finished (tests, shutdown). */
  settle: () => Promise<void>;
  /** The JSON log (src/server/log.ts); tests read what it wrote. */
  log: Logger;
  /** The durable job queue's runner: handlers by kind, and kick() after queuing a job. */
  jobs: JobRunner;
}

export interface User {
  id: string;
  email: string;
}

/** What the way in (the Astro endpoint, or the Node server's binding in src/server/http/api-binding.ts) tells the app. */
export interface ApiBindings {
  clientAddress?: string;
  /**
   * Asked by a page rendered in this process (src/server/in-process-client.ts), never by a client:
   * the page itself has passed the maintenance screen (operators see the site), so its reads do too.
   */
  inProcess?: boolean;
  /** The Node server has already set `Cache-Control: private, no-store` on its answer (a public read's replaces it). */
  noStoreSet?: boolean;
  /**
   * The request's id, when the way in gave it one and sends it as X-Request-Id (the Node server:
   * src/server/http/request-log.ts); otherwise the app makes one, sends it and logs the request itself.
   */
  requestId?: string;
  /** Filled in by the app for the Node server's log line: the matched route pattern, null for none. */
  route?: string | null;
}

/** Keeps a creating route's answer in the transaction (`trx`) that stores what it created. */
export interface KeptAnswer {
  keep(trx: Kysely<Database>, status: number, body: unknown): Promise<void>;
}

/** Hono's environment for the API. */
export interface AppEnv {
  Bindings: ApiBindings | undefined;
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: User;
    sessionHash: string;
    /** Set on the creating routes when the request carries an Idempotency-Key (idempotency.ts keepAnswer). */
    idempotency?: KeptAnswer;
  };
}

export function createDeps(
  base: Pick<AppDeps, 'config' | 'db' | 'dbKind'> &
    Partial<Pick<AppDeps, 'mailer' | 'now' | 'fetch' | 'log'>>,
): AppDeps {
  const pending = new Set<Promise<unknown>>();
  const logger = base.log ?? log;
  const deps: AppDeps = {
    ...base,
    mailer: base.mailer ?? createMailer(base.config),
    now: base.now ?? Date.now,
    fetch: base.fetch ?? ((...args) => globalThis.fetch(...args)),
    log: logger,
    defer(label, task) {
      const run = task()
        .catch((error: unknown) => logger.error({ err: error, task: label }, 'deferred work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    jobs: createJobRunner(() => deps),
  };
  return deps;
}
