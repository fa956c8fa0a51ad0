// The alert rules and the dashboard in ops/ name only metrics the servers export (docs/metrics.md):
// a renamed metric must not leave an alert that can never fire or a panel that stays empty. The
// rules themselves are checked and unit-tested by promtool (npm run check:ops).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetrics } from '../../src/server/http/metrics-registry.ts';

/** Series Prometheus makes itself for every scrape target. */
const FROM_PROMETHEUS = ['up'];
/** Operators, and aggregations (which may come before their `by (...)` rather than their parenthesis). */
const KEYWORDS = new Set(
  'and or unless by without on ignoring group_left group_right bool offset sum min max avg group stddev stdvar count count_values bottomk topk quantile'.split(
    ' ',
  ),
);

/** Every series name the servers export: histograms as their _bucket, _sum and _count. */
async function exported(): Promise<Set<string>> {
  const { registry } = await createMetrics({
    deps: () => Promise.reject(new Error('none')),
    ready: async () => true,
  });
  const names = new Set(FROM_PROMETHEUS);
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords, labels or strings. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '$1') // label lists
    .replace(/\[[^\]]*\]/g, ''); // ranges
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter((match) => !match[2] && !KEYWORDS.has(match[1] as string))
    .map((match) => match[1] as string);
}

const dashboard = JSON.parse(readFileSync('ops/grafana/dashboard.json', 'utf8')) as {
  panels: { title: string; type: string; targets?: { expr: string }[] }[];
};
const rules = (
  parse(readFileSync('ops/prometheus/alerts.yml', 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  }
).groups.flatMap((group) => group.rules);

describe('the ops files', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'sum by (instance) (rate(a_total{x="y(z)"}[5m])) / ignoring(state) max(b_bytes) > 0.1 and on(kind) c',
      ),
    ).toEqual(['a_total', 'b_bytes', 'c']);
  });

  it('every dashboard panel queries metrics the servers export', async () => {
    const names = await exported();
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const used = metricNames(expr);
        expect(used.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of used) expect(names, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });

  it("every alert reads metrics the servers export, and the issue's alerts are all there", async () => {
    const names = await exported();
    for (const rule of rules) {
      for (const name of metricNames(rule.expr)) expect(names, `${rule.alert}: ${name}`).toContain(name);
    }
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'KwikfillServerErrors',
        'KwikfillSlowAnswers',
        'KwikfillNotReady',
        'KwikfillMailQueuedTooLong',
        'KwikfillMailFailing',
        'KwikfillDiskFilling',
        'KwikfillMemoryHigh',
      ]),
    );
  });
});
