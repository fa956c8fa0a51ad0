// The operators' report of real-user speed: the 75th percentile of each metric per page over a
// range of days (UTC), from the stored samples (vitals.server.ts).
import type { Kysely } from 'kysely';
import { utcDayStart } from '../../lib/dates.ts';
import type { Database } from '../../server/db/schema.ts';
import { METRICS, type MetricName, p75 } from './metrics.ts';

const DAY = 86_400_000;

export interface PageReport {
  path: string;
  /** Page views measured (the most samples of any one metric). */
  samples: number;
  p75: Partial<Record<MetricName, number>>;
}

/** Epoch ms of a YYYY-MM-DD day's start (UTC), or undefined for anything else. */
export const dayStart = utcDayStart;

/** Pages with samples from the first day's start to the last day's end, busiest first. */
export async function vitalsReport(db: Kysely<Database>, from: number, toDay: number): Promise<PageReport[]> {
  const rows = await db
    .selectFrom('vitals')
    .select(['path', 'name', 'value'])
    .where('created_at', '>=', from)
    .where('created_at', '<', toDay + DAY)
    .execute();
  const pages = new Map<string, Map<string, number[]>>();
  for (const row of rows) {
    const metrics = pages.get(row.path) ?? new Map<string, number[]>();
    pages.set(row.path, metrics);
    metrics.set(row.name, [...(metrics.get(row.name) ?? []), Number(row.value)]);
  }
  return [...pages]
    .map(([path, metrics]) => ({
      path,
      samples: Math.max(...[...metrics.values()].map((values) => values.length)),
      p75: Object.fromEntries(
        METRICS.filter((name) => metrics.has(name)).map((name) => [name, p75(metrics.get(name) ?? [])]),
      ),
    }))
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path));
}

/** The report as a plain-text table: LCP and INP in milliseconds, CLS as its score; '-' for no samples. */
export function formatReport(pages: PageReport[]): string {
  const cell = (name: MetricName, value: number | undefined) =>
    value === undefined ? '-' : name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
  const table = [
    ['page', 'views', 'LCP p75', 'INP p75', 'CLS p75'],
    ...pages.map((page) => [
      page.path,
      String(page.samples),
      ...METRICS.map((name) => cell(name, page.p75[name])),
    ]),
  ];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
  return table
    .map((row) =>
      row
        .map((text, i) => text.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
