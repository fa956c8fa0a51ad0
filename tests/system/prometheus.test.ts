// A real Prometheus (Debian's `prometheus`, tests/support/ensure-prometheus.sh) scrapes two built servers
// on one PostgreSQL, as the two-server setup runs them (tests/system/two-servers.test.ts), each with
// its metrics on a loopback port of its own (METRICS_PORT). After traffic, Prometheus' query API shows
// the counters of both; with the SMTP server gone, a contact message's mail stays queued and the
// queued-mail alert of ops/prometheus/alerts.yml fires (its threshold and `for:` shortened here, the
// expression as it is). Prometheus listens on loopback only, keeps its storage in a temp folder, and
// is stopped after.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import { type BuiltServer, sparePort, startBuiltServer } from '../support/built-server.mjs';
import { skipWithoutPostgres } from '../support/requirements.ts';
import { until } from '../support/until.ts';
import { API, apiHeaders, freshPostgresDatabase, prepareContact, submit } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const QUEUED_MAIL_ALERT = 'KwikfillMailQueuedTooLong';

interface PromSample {
  metric: Record<string, string>;
  value: [number, string];
}
interface PromAlert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

let sink: SmtpSink;
let a: BuiltServer;
let b: BuiltServer;
let database: { url: string; drop: () => Promise<void> } | undefined;
let prometheus: ChildProcess | undefined;
let prometheusOutput = '';
let prometheusBase = '';
const metricsTargets: string[] = [];
let folder: string | undefined;

const skip = skipWithoutPostgres();

/** alerts.yml as it is, but the queued-mail alert after 2 seconds (of 15 minutes) for 2 seconds (of 5 minutes). */
function testRules(): string {
  const rules = parse(readFileSync('ops/prometheus/alerts.yml', 'utf8')) as {
    groups: { rules: { alert: string; expr: string; for?: string }[] }[];
  };
  const rule = rules.groups.flatMap((group) => group.rules).find((r) => r.alert === QUEUED_MAIL_ALERT);
  if (!rule || !/>\s*900\s*$/.test(rule.expr))
    throw new Error(`${QUEUED_MAIL_ALERT} no longer ends in '> 900'`);
  rule.expr = rule.expr.replace(/>\s*900\s*$/, '> 2');
  rule.for = '2s';
  return stringify(rules);
}

beforeAll(async () => {
  if (skip) return;
  database = await freshPostgresDatabase();
  if (!database) throw new Error('DATABASE_URL is not set');
  sink = await startSmtpSink();
  const env = (metricsPort: number) => ({
    DATABASE_URL: database?.url,
    SMTP_URL: sink.url,
    JOB_POLL_SECONDS: '1',
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(metricsPort),
  });
  for (let i = 0; i < 2; i++) metricsTargets.push(`127.0.0.1:${await sparePort()}`);
  const portOf = (target: string) => Number(target.split(':')[1]);
  a = await startBuiltServer({ seed: true, env: env(portOf(metricsTargets[0] as string)) });
  b = await startBuiltServer({ env: env(portOf(metricsTargets[1] as string)) });

  folder = mkdtempSync(join(tmpdir(), 'kwikfill-prometheus-'));
  writeFileSync(join(folder, 'rules.yml'), testRules());
  writeFileSync(
    join(folder, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: ['rules.yml'],
      scrape_configs: [{ job_name: 'kwikfill', static_configs: [{ targets: metricsTargets }] }],
    }),
  );
  const address = `127.0.0.1:${await sparePort()}`;
  prometheusBase = `http://${address}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=${address}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stdout?.on('data', (chunk) => {
    prometheusOutput += chunk;
  });
  prometheus.stderr?.on('data', (chunk) => {
    prometheusOutput += chunk;
  });
  await until(
    'Prometheus to be ready',
    async () => {
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited:\n${prometheusOutput}`);
      return (await fetch(`${prometheusBase}/-/ready`).catch(() => undefined))?.ok === true;
    },
    PROMETHEUS_WAIT,
  );
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus?.on('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  for (const server of [a, b]) await server?.stop('SIGINT');
  for (const server of [a, b]) await server?.close();
  await sink?.close().catch(() => {});
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Prometheus scrapes every few seconds: asked every 250 ms for up to 90 s, its output told on a timeout. */
const PROMETHEUS_WAIT = { seconds: 90, everyMs: 250, detail: () => prometheusOutput };

/** An instant query through Prometheus' HTTP API. */
async function query(promql: string): Promise<PromSample[]> {
  const answer = await fetch(`${prometheusBase}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const json = (await answer.json()) as { status: string; data: { result: PromSample[] } };
  if (json.status !== 'success') throw new Error(`query failed: ${JSON.stringify(json)}`);
  return json.data.result;
}

/** Waits until both servers' requests of `route` number at least `count` in Prometheus. */
async function untilCounted(route: string, count: number): Promise<PromSample[]> {
  const promql = `sum by (instance) (kwikfill_http_request_duration_seconds_count{route="${route}"})`;
  let result: PromSample[] = [];
  await until(
    `both servers' ${route} counted`,
    async () => {
      result = await query(promql);
      return result.length === 2 && result.every((sample) => Number(sample.value[1]) >= count);
    },
    PROMETHEUS_WAIT,
  );
  return result;
}

async function alerts(): Promise<PromAlert[]> {
  const json = (await (await fetch(`${prometheusBase}/api/v1/alerts`)).json()) as {
    data: { alerts: PromAlert[] };
  };
  return json.data.alerts;
}

describe.skipIf(skip)('a real Prometheus scraping two servers', () => {
  it("shows both servers' counters after traffic", async () => {
    for (const server of [a, b]) {
      for (let i = 0; i < 5; i++) {
        const health = await fetch(`${server.base}${API}/health`, { headers: apiHeaders() });
        expect(health.status).toBe(200);
        expect((await fetch(`${server.base}/stores/`)).status).toBe(200);
        expect((await fetch(`${server.base}/`)).status).toBe(200);
        expect((await fetch(`${server.base}/no-such-page-${i}`)).status).toBe(404);
      }
    }
    // Each server's last request was a 404: once Prometheus has counted five of them (a scrape reads a
    // server's figures at once), it has every earlier one too.
    const notFound = await untilCounted('(not found)', 5);
    expect(notFound.map((sample) => sample.metric.instance).sort()).toEqual([...metricsTargets].sort());
    const counted =
      'sum by (instance) (kwikfill_http_request_duration_seconds_count{route="/api/v1/health",status_class="2xx"})';
    await until(
      'both servers counted in Prometheus',
      async () => {
        const result = await query(counted);
        return result.length === 2 && result.every((sample) => Number(sample.value[1]) >= 5);
      },
      PROMETHEUS_WAIT,
    );
    expect((await query(counted)).map((sample) => sample.metric.instance).sort()).toEqual(
      [...metricsTargets].sort(),
    );
    // Pages by their pattern or kind of answer, never by the path asked for; the process figures of each.
    for (const route of ['/stores', '(static)', '(not found)']) {
      const counted = await query(
        `sum by (instance) (kwikfill_http_request_duration_seconds_count{route="${route}"})`,
      );
      expect(counted.map((sample) => sample.metric.instance).sort(), route).toEqual(
        [...metricsTargets].sort(),
      );
    }
    expect(await query('kwikfill_http_request_duration_seconds_count{route=~".*no-such-page.*"}')).toEqual(
      [],
    );
    // Never on the public port without METRICS_TOKEN: there /metrics is a page like any other, not found.
    const publicPort = await fetch(`${a.base}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('kwikfill_');
    expect(await query('up{job="kwikfill"} == 1')).toHaveLength(2);
    expect(await query('process_resident_memory_bytes{job="kwikfill"} > 0')).toHaveLength(2);
    expect(await query('kwikfill_ready == 1')).toHaveLength(2);
    expect((await alerts()).filter((alert) => alert.state === 'firing')).toEqual([]);
  });

  it('fires the queued-mail alert once mail cannot be delivered', async () => {
    const contact = await prepareContact(b.base, 80_000);
    await sink.close(); // the SMTP server is gone: every send is refused
    await waitOutDwellAfterTicket();
    const answer = await submit(a.base, contact);
    if ('error' in answer) throw answer.error;
    expect(answer.status).toBe(201); // stored, its mail queued
    await until(
      `${QUEUED_MAIL_ALERT} to fire`,
      async () =>
        (await alerts()).some(
          (alert) =>
            alert.labels.alertname === QUEUED_MAIL_ALERT &&
            alert.labels.kind === 'contact-mail' &&
            alert.state === 'firing',
        ),
      PROMETHEUS_WAIT,
    );
    // Both servers report the same shared queue, and the failed send was counted where it ran.
    const waiting = await query('kwikfill_jobs_queued{kind="contact-mail"} > 0');
    expect(waiting).toHaveLength(2);
    await until(
      'the failed send to be counted',
      async () => (await query('sum(kwikfill_job_failures_total{kind="contact-mail"}) > 0')).length === 1,
      PROMETHEUS_WAIT,
    );
  });
});
