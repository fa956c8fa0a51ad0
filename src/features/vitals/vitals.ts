// Real-user speed (docs/metrics.md): what a sampled page view sends to POST /api/v1/vitals and
// the checks on it (valibot; the server's). Nothing personal: the path without its query, the
// metric, a coarse device class. Names and pure helpers are in metrics.ts.
import * as v from 'valibot';
import { DEVICES, METRICS, type MetricName, RATINGS } from './metrics.ts';

/** LCP and INP in milliseconds (10 minutes is already absurd); CLS is a unitless score. */
const MAX_VALUE: Record<MetricName, number> = { LCP: 600_000, INP: 600_000, CLS: 100 };

const metric = v.pipe(
  v.object({
    name: v.picklist(METRICS, 'Unknown metric'),
    value: v.pipe(
      v.number('Value must be a number'),
      v.finite(),
      v.minValue(0, 'Value must not be negative'),
    ),
    rating: v.picklist(RATINGS, 'Unknown rating'),
  }),
  v.check((m) => m.value <= MAX_VALUE[m.name], 'Value is out of range'),
);

export const vitalsPayload = v.object({
  // A site path only: no query, no fragment, no host; plain characters, so nothing else rides along.
  path: v.pipe(
    v.string('Path is required'),
    v.maxLength(200, 'Path is too long'),
    v.regex(/^\/[\w\-./~%]*$/, 'Path must be a site path without a query'),
  ),
  device: v.picklist(DEVICES, 'Unknown device class'),
  metrics: v.pipe(
    v.array(metric, 'Metrics must be a list'),
    v.minLength(1, 'No metrics'),
    v.maxLength(METRICS.length, 'Too many metrics'),
    v.check((list) => new Set(list.map((m) => m.name)).size === list.length, 'Each metric at most once'),
  ),
});
export type VitalsPayload = v.InferOutput<typeof vitalsPayload>;
