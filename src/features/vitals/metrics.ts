// Real-user speed (docs/metrics.md): the names, classes and pure helpers shared by the sender
// (loaded on every sampled page, so nothing heavy: no valibot here), the API and the report.

export const METRICS = ['LCP', 'INP', 'CLS'] as const;
export const RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type MetricName = (typeof METRICS)[number];
export type Device = (typeof DEVICES)[number];

/** Share of page views measured when PUBLIC_VITALS_SAMPLE_RATE is not set (0 turns it off). */
export const DEFAULT_SAMPLE_RATE = 0.1;

/** One page for the report whatever the trailing slash: '/rewards/' and '/rewards' are the same page. */
export const pageOf = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** A coarse device class from the viewport width (CSS pixels), the only thing known about the device. */
export const deviceClass = (width: number): Device =>
  width < 768 ? 'phone' : width < 1024 ? 'tablet' : 'desktop';

/**
 * The 75th percentile as web-vitals reports it (nearest rank: the smallest value that at least 75 %
 * of the samples do not exceed); undefined for no samples.
 */
export function p75(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1];
}
