// Where the metrics are served (docs/decisions/0020-prometheus-metrics.md): their own loopback port,
// or with a bearer token; never cached; off unless asked for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sparePort } from '../../../tests/support/built-server.mjs';
import { routeAs, routeLabel } from './metrics-routes.ts';
import { METRICS_PATH, startMetrics } from './metrics-server.ts';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const sources = { deps: () => Promise.reject(new Error('no database here')), ready: async () => true };
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

describe('the metrics endpoint', () => {
  it('is off unless METRICS_PORT or METRICS_TOKEN is set', () => {
    expect(startMetrics({ metricsHost: '127.0.0.1' }, sources)).toBeUndefined();
  });

  it('answers on its own port, GET /metrics only, never to be kept by a cache', async () => {
    const port = (await sparePort()) as number;
    expect(startMetrics({ metricsPort: port, metricsHost: '127.0.0.1' }, sources)).toBeUndefined();
    const base = `http://127.0.0.1:${port}`;
    let answer: Response | undefined;
    for (let tries = 0; tries < 50 && !answer; tries++) {
      answer = await fetch(`${base}${METRICS_PATH}`).catch(() => undefined);
    }
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(answer?.headers.get('cache-control')).toBe('private, no-store');
    const text = (await answer?.text()) ?? '';
    expect(text).toContain('# TYPE kwikfill_http_request_duration_seconds histogram');
    expect(text).toContain('\nkwikfill_shared_figures_up 0'); // no database: the rest still answers
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}${METRICS_PATH}`, { method: 'POST' })).status).toBe(405);
  });

  it('with METRICS_TOKEN, answers the public port only to that bearer token', async () => {
    const handler = startMetrics({ metricsHost: '127.0.0.1', metricsToken: TOKEN }, sources);
    expect(handler).toBeDefined();
    const server = createServer((req, res) => handler?.(req, res));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${METRICS_PATH}`;
    const without = await fetch(url);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer');
    expect(without.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const right = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('kwikfill_ready 1');
  });
});

describe('route labels', () => {
  const req = () => ({}) as Parameters<typeof routeAs>[0];
  it("are the API's pattern, a page's pattern or the kind of answer, never the path", () => {
    expect(routeLabel(req(), 200, '/api/v1/store/:number')).toBe('/api/v1/store/:number');
    expect(routeLabel(req(), 404, null)).toBe('(api: no route)');
    expect(routeLabel(req(), 404, undefined)).toBe('(not found)');
    const page = req();
    routeAs(page, '/stores/[number]');
    expect(routeLabel(page, 200, undefined)).toBe('/stores/[number]');
    expect(routeLabel(req(), 200, undefined)).toBe('(static)');
  });
});
