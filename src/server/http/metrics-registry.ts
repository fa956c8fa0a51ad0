// The metrics in Prometheus' text format (prom-client), made when the Node server turns them on
// (metrics-server.ts). Every metric is listed with its use in docs/metrics.md; names follow
// Prometheus' conventions (base units: seconds, bytes; counters end in _total). Labels take a few
// known values only: route patterns, never paths; a limit's kind, never its key.
// Per-process figures are counted as they happen (the hooks of src/server/metrics.ts); figures every
// server shares (the job queue, in the database) are read at the scrape, in one cheap query, and
// the same on every server: dashboards and alerts take their max() across instances.
import { statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../deps.ts';
import { installRecorder, type PoolFigures } from '../metrics.ts';

/** Methods by name; anything else (a scanner's made-up method) is OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A scrape waits this long for the database's figures, then answers without them. */
const SHARED_FIGURES_TIMEOUT_MS = 2000;

export interface MetricsSources {
  /** The API's dependencies (database, settings), once started; rejects while the database is down. */
  deps: () => Promise<AppDeps>;
  /** True when /readyz would answer 200 (src/server/probes.ts). */
  ready: () => Promise<boolean>;
}

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

interface QueueRow {
  kind: string;
  status: string;
  count: number | string;
  oldest: number | string | null;
}

/** The queued and failed jobs by kind: one grouped query on the (status, run_after) index. */
async function queueFigures(deps: AppDeps): Promise<QueueRow[]> {
  const { rows } = await sql<QueueRow>`select "kind", "status", count(*) as "count",
    min("created_at") as "oldest" from "jobs" where "status" in ('queued', 'failed')
    group by "kind", "status"`.execute(deps.db);
  return rows;
}

export interface Metrics {
  registry: Registry;
  /** Reads the figures of the scrape (the shared queue, readiness, the data folder's disk). */
  refresh: () => Promise<void>;
}

/** The registry and its metrics; prom-client is loaded here, only on a server whose metrics are on. */
export async function createMetrics(sources: MetricsSources): Promise<Metrics> {
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  // The process: CPU, resident memory, heap, event loop delay, handles, garbage collection.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'kwikfill_http_request_duration_seconds',
    help: 'Requests the Node server answered (its _count is the number of requests), by route pattern, method and status class, and how long each took to answer',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pageCache = new Counter({
    name: 'kwikfill_page_cache_requests_total',
    help: 'On-demand pages asked of the page cache: hit (answered from memory) or miss (rendered)',
    labelNames: ['outcome'],
    registers,
  });
  const pageCacheSent = new Counter({
    name: 'kwikfill_page_cache_sent_bytes_total',
    help: 'Bytes of kept pages answered from memory',
    registers,
  });
  const jobFailures = new Counter({
    name: 'kwikfill_job_failures_total',
    help: 'Job tries that failed on this server, by kind, and whether the job will be tried again (retry) or failed for good (failed)',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const mailSent = new Counter({
    name: 'kwikfill_mail_sent_total',
    help: 'Mails this server handed to the SMTP server (smtp) or wrote to the outbox folder (outbox)',
    labelNames: ['transport'],
    registers,
  });
  const mailFailed = new Counter({
    name: 'kwikfill_mail_send_failures_total',
    help: 'Mails this server failed to send (the job is retried with growing waits)',
    labelNames: ['transport'],
    registers,
  });
  const queryErrors = new Counter({
    name: 'kwikfill_db_query_errors_total',
    help: 'Database queries that failed: unique_violation (often expected, a 409), unavailable (down, timed out, disk full: a 503), other',
    labelNames: ['reason'],
    registers,
  });
  const refusals = new Counter({
    name: 'kwikfill_limit_refusals_total',
    help: 'Attempts a limit refused (429), by limit kind (docs/api.md, Limits)',
    labelNames: ['kind'],
    registers,
  });
  const stored = new Counter({
    name: 'kwikfill_submissions_stored_total',
    help: 'Visitor submissions this server stored: giveaway entries, contact messages, applications',
    labelNames: ['what'],
    registers,
  });

  let pools: () => Iterable<() => PoolFigures> = () => [];
  const sum = (pick: (figures: PoolFigures) => number) => {
    let total = 0;
    for (const figures of pools()) total += pick(figures());
    return total;
  };
  new Gauge({
    name: 'kwikfill_db_pool_connections',
    help: "PostgreSQL connections of this server's pool: in_use (running a query or transaction) or idle",
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const total = sum((f) => f.totalCount);
      if (total === 0 && [...pools()].length === 0) return; // SQLite: no pool
      const idle = sum((f) => f.idleCount);
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'kwikfill_db_pool_waiting_requests',
    help: "Requests of this server waiting for a free PostgreSQL connection (its pool's size is reached)",
    registers,
    collect() {
      this.reset();
      if ([...pools()].length > 0) this.set(sum((f) => f.waitingCount));
    },
  });

  const queued = new Gauge({
    name: 'kwikfill_jobs_queued',
    help: 'Jobs waiting in the shared queue (mail and deferred work), by kind: the same on every server',
    labelNames: ['kind'],
    registers,
  });
  const oldest = new Gauge({
    name: 'kwikfill_jobs_oldest_queued_age_seconds',
    help: 'Age of the oldest job still waiting in the shared queue, by kind (0 when none waits)',
    labelNames: ['kind'],
    registers,
  });
  const failed = new Gauge({
    name: 'kwikfill_jobs_failed',
    help: 'Jobs failed for good in the shared queue, by kind, until an operator retries them (mail retry)',
    labelNames: ['kind'],
    registers,
  });
  const ready = new Gauge({
    name: 'kwikfill_ready',
    help: '1 when /readyz answers 200 (the database answers, the server is not draining), else 0',
    registers,
  });
  const disk = new Gauge({
    name: 'kwikfill_data_dir_filesystem_bytes',
    help: 'The file system of the data folder (DATA_DIR: SQLite file, outbox): free (for us) and size',
    labelNames: ['state'],
    registers,
  });
  const figuresUp = new Gauge({
    name: 'kwikfill_shared_figures_up',
    help: '1 when this scrape read the shared figures (the job queue) from the database, else 0',
    registers,
  });

  async function refresh(): Promise<void> {
    const readiness = sources.ready().catch(() => false);
    queued.reset();
    oldest.reset();
    failed.reset();
    disk.reset();
    let deps: AppDeps | undefined;
    try {
      deps = await within(sources.deps(), SHARED_FIGURES_TIMEOUT_MS);
      const rows = await within(queueFigures(deps), SHARED_FIGURES_TIMEOUT_MS);
      const now = deps.now();
      // Every kind with a handler shows, with 0 when none waits: an alert's series never vanishes.
      for (const kind of deps.jobs.handlers.keys()) {
        queued.set({ kind }, 0);
        oldest.set({ kind }, 0);
        failed.set({ kind }, 0);
      }
      for (const row of rows) {
        if (row.status === 'failed') failed.set({ kind: row.kind }, Number(row.count));
        else {
          queued.set({ kind: row.kind }, Number(row.count));
          oldest.set({ kind: row.kind }, Math.max(0, (now - Number(row.oldest)) / 1000));
        }
      }
      figuresUp.set(1);
    } catch {
      figuresUp.set(0);
    }
    if (deps && !deps.config.databaseUrl) {
      const fs = await statfs(deps.config.dataDir).catch(() => undefined);
      if (fs) {
        disk.set({ state: 'free' }, fs.bavail * fs.bsize);
        disk.set({ state: 'size' }, fs.blocks * fs.bsize);
      }
    }
    ready.set((await readiness) ? 1 : 0);
  }
  const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
  installRecorder({
    request(route, method, status, seconds) {
      const known = METHODS.has(method) ? method : 'OTHER';
      requests.observe({ route, method: known, status_class: statusClass(status) }, seconds);
    },
    pageCache(outcome, bytes) {
      pageCache.inc({ outcome });
      if (bytes > 0) pageCacheSent.inc(bytes);
    },
    jobFailure: (kind, outcome) => jobFailures.inc({ kind, outcome }),
    mail: (transport, outcome) => (outcome === 'sent' ? mailSent : mailFailed).inc({ transport }),
    queryError: (reason) => queryErrors.inc({ reason }),
    refusal: (kind) => refusals.inc({ kind }),
    stored: (what) => stored.inc({ what }),
    pools(all) {
      pools = all;
    },
  });
  return { registry, refresh };
}
