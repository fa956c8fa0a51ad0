// The hooks the platform calls to count what operators watch (docs/decisions/0020-prometheus-metrics.md):
// requests, the page cache, jobs, mail, the database, limits and what visitors stored. Each hook is
// one call that does nothing until the Node server turns metrics on (METRICS_PORT or METRICS_TOKEN,
// src/server/http/metrics-server.ts), so prom-client is never loaded and a request pays no more than
// a function call on a server that is not scraped, on Netlify and in tests. The recorder lives on
// globalThis: the server's bundle and Astro's load separate copies of this module (db/shared.ts).
import { isUnavailable, isUniqueViolation } from './errors.ts';

/** What a stored visitor submission is (kwikfill_submissions_stored_total{what}). */
export type Stored = 'giveaway_entry' | 'contact_message' | 'application';

/** The figures a pg Pool shows, and the requests queued in front of it (db/pg-queue.ts). */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What the registry (metrics-registry.ts) does with each event; installed once metrics are on. */
export interface Recorder {
  request(route: string, method: string, status: number, seconds: number): void;
  pageCache(outcome: 'hit' | 'miss', bytes: number): void;
  jobFailure(kind: string, outcome: 'retry' | 'failed'): void;
  mail(transport: 'smtp' | 'outbox', outcome: 'sent' | 'failed'): void;
  queryError(reason: string): void;
  refusal(kind: string): void;
  stored(what: Stored): void;
  /** The open pools' figures, summed at each scrape. */
  pools(all: () => Iterable<() => PoolFigures>): void;
}

/** True when the settings turn metrics on (METRICS_PORT or METRICS_TOKEN). */
export const metricsWanted = (settings: { metricsPort?: number; metricsToken?: string }): boolean =>
  Boolean(settings.metricsPort || settings.metricsToken);

const KEY = Symbol.for('kwikfill.metrics');
type Scope = typeof globalThis & { [KEY]?: { recorder?: Recorder; pools: Set<() => PoolFigures> } };
const state = () => {
  const scope = globalThis as Scope;
  scope[KEY] ??= { pools: new Set() };
  return scope[KEY];
};

/** Called by metrics-registry.ts when metrics are turned on; pools opened before then are handed over. */
export function installRecorder(recorder: Recorder): void {
  const shared = state();
  shared.recorder = recorder;
  recorder.pools(() => shared.pools);
}

/** True once metrics are on: a caller may then work out what it counts (a request's route label). */
export const recording = (): boolean => state().recorder !== undefined;

export function countRequest(route: string, method: string, status: number, seconds: number): void {
  state().recorder?.request(route, method, status, seconds);
}

export function countPageCache(outcome: 'hit' | 'miss', bytes = 0): void {
  state().recorder?.pageCache(outcome, bytes);
}

export function countJobFailure(kind: string, outcome: 'retry' | 'failed'): void {
  state().recorder?.jobFailure(kind, outcome);
}

export function countMail(transport: 'smtp' | 'outbox', outcome: 'sent' | 'failed'): void {
  state().recorder?.mail(transport, outcome);
}

export function countStored(what: Stored): void {
  state().recorder?.stored(what);
}

/**
 * A limit refused an attempt. Its kind is the key without whom it counts (docs/api.md "Limits"):
 * `form:giveaway:person:<hash>` is `form:giveaway:person`, `login-ip:<address>` is `login-ip`, so
 * the label's values are the limits' few kinds, never a person or an address.
 */
export function countRefusal(key: string): void {
  const rec = state().recorder;
  if (!rec) return;
  const parts = key.split(':');
  rec.refusal(parts[0] === 'form' ? parts.slice(0, 3).join(':') : (parts[0] ?? 'unknown'));
}

/** Kysely's log (db/database.ts): a query that failed, by reason (a duplicate is often expected: 409). */
export function countQueryError(event: { level: string; error?: unknown }): void {
  if (event.level !== 'error') return;
  const rec = state().recorder;
  if (!rec) return;
  const { error } = event;
  const reason = isUniqueViolation(error)
    ? 'unique_violation'
    : isUnavailable(error)
      ? 'unavailable'
      : 'other';
  rec.queryError(reason);
}

/** A PostgreSQL pool to report on (db/database.ts), read at each scrape; the answer stops it (close). */
export function watchPool(figures: () => PoolFigures): () => void {
  const { pools } = state();
  pools.add(figures);
  return () => pools.delete(figures);
}
