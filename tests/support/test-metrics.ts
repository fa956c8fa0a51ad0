// The metrics (src/server/http/metrics-registry.ts) as an API test reads them: turned on in the test's
// process, then one series' value at a time, e.g. `await read('kwikfill_submissions_stored_total{what="application"}')`
// (0 while the series has not been counted yet).
import { createMetrics } from '../../src/server/http/metrics-registry.ts';

export async function metricsReader(): Promise<(series: string) => Promise<number>> {
  const { registry } = await createMetrics({
    deps: () => Promise.reject(new Error('no shared figures in this test')),
    ready: async () => true,
  });
  return async (series) => {
    const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };
}
