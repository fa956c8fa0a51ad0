// The metrics as Prometheus reads them (docs/metrics.md), on SQLite and PostgreSQL: what the hooks
// count, and the shared queue's figures read from the database at the scrape.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { enqueueMail } from '../jobs/queue.ts';
import { runDueJobs } from '../jobs/worker.ts';
import { createMailer } from '../mailer.ts';
import { countPageCache, countRequest, countStored } from '../metrics.ts';
import { hit } from '../rate-limit.ts';
import { createMetrics, type Metrics } from './metrics-registry.ts';

let t: TestApi;
let metrics: Metrics;
let ready = true;

beforeAll(async () => {
  t = await createTestApi({ metricsPort: 9464 }); // as a server with metrics on: failed queries counted
  metrics = await createMetrics({ deps: async () => t.deps, ready: async () => ready });
});
afterAll(() => t.close());

/** The scrape's text, after reading the shared figures, as the metrics port answers it. */
async function scrape(): Promise<string> {
  await metrics.refresh();
  return metrics.registry.metrics();
}

/** The value of one series (`name{labels}` as written), or undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('count requests by route pattern, method and status class, with their latency', async () => {
    countRequest('/api/v1/store/:number', 'GET', 200, 0.003);
    countRequest('/api/v1/store/:number', 'GET', 503, 0.2);
    countRequest('(static)', 'BREW', 405, 0.001);
    const text = await scrape();
    const labels = 'route="/api/v1/store/:number",method="GET"';
    expect(value(text, `kwikfill_http_request_duration_seconds_count{${labels},status_class="2xx"}`)).toBe(1);
    expect(value(text, `kwikfill_http_request_duration_seconds_count{${labels},status_class="5xx"}`)).toBe(1);
    expect(
      value(text, `kwikfill_http_request_duration_seconds_bucket{le="0.005",${labels},status_class="2xx"}`),
    ).toBe(1);
    // A made-up method is OTHER: the label's values stay few.
    expect(text).toContain('method="OTHER",status_class="4xx"');
    expect(text).not.toContain('BREW');
  });

  it('count a refused limit by its kind, never by whom it counts', async () => {
    const limit = { limit: 1, windowMs: 60_000 };
    expect(await hit(t.deps, 'login-ip:203.0.113.9', limit)).toBe(true);
    expect(await hit(t.deps, 'login-ip:203.0.113.9', limit)).toBe(false);
    expect(await hit(t.deps, 'form:giveaway:person:abc123', limit)).toBe(true);
    expect(await hit(t.deps, 'form:giveaway:person:abc123', limit)).toBe(false);
    const text = await scrape();
    expect(value(text, 'kwikfill_limit_refusals_total{kind="login-ip"}')).toBe(1);
    expect(value(text, 'kwikfill_limit_refusals_total{kind="form:giveaway:person"}')).toBe(1);
    expect(text).not.toContain('203.0.113.9');
    expect(text).not.toContain('abc123');
  });

  it('show the shared queue: depth and oldest age by kind, failed tries, mail sent and failed', async () => {
    let text = await scrape();
    expect(value(text, 'kwikfill_jobs_queued{kind="mail"}')).toBe(0);
    expect(value(text, 'kwikfill_jobs_oldest_queued_age_seconds{kind="mail"}')).toBe(0);
    await enqueueMail(t.deps.db, { to: 'pat@example.com', subject: 'Hello', text: 'Hi' }, t.now());
    t.advance(90_000);
    text = await scrape();
    expect(value(text, 'kwikfill_jobs_queued{kind="mail"}')).toBe(1);
    expect(value(text, 'kwikfill_jobs_oldest_queued_age_seconds{kind="mail"}')).toBe(90);
    expect(value(text, 'kwikfill_shared_figures_up')).toBe(1);

    // The SMTP server refuses: the try fails (retried later), and the mail counts as failed.
    const mailer = t.deps.mailer;
    t.deps.mailer = {
      send: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    try {
      expect(await runDueJobs(t.deps)).toMatchObject({ retry: 1 });
    } finally {
      t.deps.mailer = mailer;
    }
    text = await scrape();
    expect(value(text, 'kwikfill_job_failures_total{kind="mail",outcome="retry"}')).toBe(1);
    expect(value(text, 'kwikfill_jobs_queued{kind="mail"}')).toBe(1);

    const outbox = createMailer(t.config);
    await outbox.send({ to: 'pat@example.com', subject: 'Hello', text: 'Hi' });
    // An outbox 'folder' inside a file cannot be made (ENOTDIR).
    const failing = createMailer({ ...t.config, outboxDir: join(import.meta.filename, 'outbox') });
    await expect(failing.send({ to: 'pat@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow();
    text = await scrape();
    expect(value(text, 'kwikfill_mail_sent_total{transport="outbox"}')).toBe(1);
    expect(value(text, 'kwikfill_mail_send_failures_total{transport="outbox"}')).toBe(1);
  });

  it('count failed queries by reason, the page cache, stored submissions and readiness', async () => {
    await expect(sql`select * from "no_such_table"`.execute(t.db)).rejects.toThrow();
    countPageCache('hit', 2048);
    countPageCache('miss');
    countStored('giveaway_entry');
    ready = false;
    const text = await scrape();
    expect(value(text, 'kwikfill_db_query_errors_total{reason="other"}')).toBe(1);
    expect(value(text, 'kwikfill_page_cache_requests_total{outcome="hit"}')).toBe(1);
    expect(value(text, 'kwikfill_page_cache_requests_total{outcome="miss"}')).toBe(1);
    expect(value(text, 'kwikfill_page_cache_sent_bytes_total')).toBe(2048);
    expect(value(text, 'kwikfill_submissions_stored_total{what="giveaway_entry"}')).toBe(1);
    expect(value(text, 'kwikfill_ready')).toBe(0);
    // The process: resident memory, heap, event loop delay (prom-client's default metrics).
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`\n${name} `);
    if (t.config.databaseUrl) {
      // PostgreSQL: this server's pool (SQLite has none), and no data folder to watch.
      expect(value(text, 'kwikfill_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'kwikfill_db_pool_waiting_requests')).toBe(0);
      // A connection counts as in use while its statement waits: here one waits for a lock the
      // transaction (on another pool connection) holds.
      let waiting: Promise<unknown> = Promise.resolve();
      await t.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(7707)`.execute(trx);
        waiting = sql`select pg_advisory_xact_lock(7707)`.execute(t.db);
        await new Promise(setImmediate); // sent on a second connection
        // The registry alone: a refresh's shared figures would queue behind the waiting statement.
        const during = await metrics.registry.metrics();
        expect(value(during, 'kwikfill_db_pool_connections{state="in_use"}')).toBe(2);
      });
      await waiting;
    } else {
      expect(value(text, 'kwikfill_data_dir_filesystem_bytes{state="free"}')).toBeGreaterThan(0);
      expect(text).not.toContain('kwikfill_db_pool_connections{');
    }
  });

  it('answer without the shared figures while the database is unreachable', async () => {
    const down = await createMetrics({
      deps: () => Promise.reject(new Error('down')),
      ready: async () => false,
    });
    await down.refresh();
    const text = await down.registry.metrics();
    expect(value(text, 'kwikfill_shared_figures_up')).toBe(0);
    expect(text).not.toContain('kwikfill_jobs_queued{');
    // The hooks count into the newest registry; give them back to this file's.
    metrics = await createMetrics({ deps: async () => t.deps, ready: async () => ready });
  });
});
