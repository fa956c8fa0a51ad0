// What the API's routes work with, gathered in one object so that tests can build an app on a
// throwaway database with a fake clock, a fake fetch and their own outbox.
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
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
}

export interface User {
  id: string;
  email: string;
}

/** What the way in (the Astro endpoint, or the Node server's binding in node.ts) tells the app. */
export interface ApiBindings {
  clientAddress?: string;
  /** The Node server has already set `Cache-Control: no-store` on its answer (a route's own replaces it). */
  noStoreSet?: boolean;
}

/** Hono's environment for the API. */
export interface AppEnv {
  Bindings: ApiBindings | undefined;
  Variables: { deps: AppDeps; user: User; sessionHash: string };
}

export function createDeps(
  base: Pick<AppDeps, 'config' | 'db' | 'dbKind'> & Partial<Pick<AppDeps, 'mailer' | 'now' | 'fetch'>>,
): AppDeps {
  const pending = new Set<Promise<unknown>>();
  return {
    ...base,
    mailer: base.mailer ?? createMailer(base.config),
    now: base.now ?? Date.now,
    fetch: base.fetch ?? ((...args) => globalThis.fetch(...args)),
    defer(label, task) {
      const run = task()
        .catch((error: unknown) =>
          console.error(`[api] ${label} failed:`, (error as Error)?.message ?? error),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
