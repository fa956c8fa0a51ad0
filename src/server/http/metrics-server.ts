// Where Prometheus reads the metrics (metrics-registry.ts), never where a visitor or a CDN does
// (docs/decisions/0020-prometheus-metrics.md):
// - METRICS_PORT: a listener of its own, on METRICS_HOST (127.0.0.1 unless set), answering GET /metrics;
// - METRICS_TOKEN: GET /metrics on the public port too, only with `Authorization: Bearer <token>`
//   (the own port then asks for it as well). Without the token the public port has no /metrics.
// Neither set: metrics are off, prom-client is never loaded (memory at rest, docs/decisions/0009).
// Every answer is `private, no-store`: no cache between Prometheus and the server keeps one.
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from '../config/index.ts';
import { log } from '../log.ts';
import { metricsWanted } from '../metrics.ts';
import { createMetrics, type Metrics, type MetricsSources } from './metrics-registry.ts';

export const METRICS_PATH = '/metrics';
const HEADERS = { 'Cache-Control': 'private, no-store' } as const;

type MetricsSettings = Pick<Config, 'metricsPort' | 'metricsHost' | 'metricsToken'>;

let metrics: Promise<Metrics> | undefined;

/** True when `Authorization` carries the token (compared in constant time). */
function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** Answers a scrape: the metrics, or 401 without the token, 405 for another method. */
async function scrape(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  if (!authorized(req, token)) return plain(res, 401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
  try {
    const { registry, refresh } = await (metrics as Promise<Metrics>);
    await refresh();
    const body = await registry.metrics();
    res.writeHead(200, { ...HEADERS, 'Content-Type': registry.contentType });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (error) {
    log.error({ err: error }, 'the metrics could not be read');
    plain(res, 500, 'The metrics could not be read.');
  }
}

/**
 * Turns metrics on when the settings ask for them (loads prom-client, starts counting, opens
 * METRICS_PORT). Answers the public port's handler for /metrics, or undefined when it has none.
 */
export function startMetrics(
  settings: MetricsSettings,
  sources: MetricsSources,
): ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined {
  const { metricsPort: port, metricsHost: host, metricsToken: token } = settings;
  if (!metricsWanted(settings)) return undefined;
  metrics = createMetrics(sources);
  metrics.catch((error) => log.error({ err: error }, 'the metrics could not start'));
  if (port) {
    const server = http.createServer((req, res) => {
      if ((req.url ?? '/').split('?')[0] !== METRICS_PATH) return plain(res, 404, 'Not Found');
      return scrape(req, res, token);
    });
    server.on('error', (error) => log.error({ err: error }, `the metrics port ${host}:${port} failed`));
    server.listen(port, host, () => log.info(`Metrics on http://${host}:${port}${METRICS_PATH}`));
    server.unref();
  }
  return token ? (req, res) => scrape(req, res, token) : undefined;
}
