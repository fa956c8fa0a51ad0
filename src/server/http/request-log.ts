// One JSON log line per request the Node server answers (server.ts: the API, static files,
// on-demand pages): its id, method, route, status and time in ms. The id goes out as X-Request-Id on
// every answer and into every API error answer (`error.request_id`), so a visitor's report can be
// traced to its line. What is logged is ours, never the visitor's: the API's route pattern
// (/api/v1/store/:number), the path of a page or file that exists (no query string), nothing for an
// address that does not (it could be anything a visitor typed).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiBindings } from '../deps.ts';
import { type Logger, log as processLog } from '../log.ts';
import { countRequest, recording } from '../metrics.ts';
import { PROBE_PATHS } from '../probes.ts';
import { routeLabel } from './metrics-routes.ts';

/** An id from the proxy in front (X-Request-Id, only under TRUST_PROXY): short, safe characters. */
const INCOMING_ID = /^[\w.:-]{1,64}$/;
/**
 * Ids made here: a random prefix per process and a counter (cheaper than a random id per request),
 * short enough for a visitor to read out over the phone: `3f9a1c07-2k`.
 */
const PREFIX = randomBytes(4).toString('hex');
let counter = 0;
export const newRequestId = (): string => `${PREFIX}-${(++counter).toString(36)}`;

const STARTED = Symbol('started');
/** The API binding's bindings of this request (api-binding.ts): the app writes the matched route there. */
export const API_BINDINGS = Symbol('api bindings');

interface Tracked extends IncomingMessage {
  [STARTED]?: number;
  [API_BINDINGS]?: ApiBindings;
}

/**
 * Returns `track(req, res)`: gives the request its id (X-Request-Id on the answer) and logs its line
 * when the answer is done (or the client went away: `aborted`).
 */
export function requestLog({ trustProxy, log = processLog }: { trustProxy: boolean; log?: Logger }) {
  // One listener function for every answer (no closure per request): `this` is the answer.
  function done(this: ServerResponse) {
    const req = this.req as Tracked;
    const status = this.statusCode;
    const api = req[API_BINDINGS];
    const route = api ? (api.route ?? null) : status < 400 ? pathOf(req.url) : null;
    const ms = performance.now() - (req[STARTED] ?? 0);
    const line: Record<string, unknown> = {
      request_id: this.getHeader('x-request-id'),
      method: req.method?.slice(0, 16),
      route,
      status,
      ms: Math.round(ms * 100) / 100,
    };
    // The request metrics (docs/metrics.md), when they are on: the label is worked out only then.
    if (recording()) {
      const label = routeLabel(req, status, api ? (api.route ?? null) : undefined);
      countRequest(label, req.method ?? '', status, ms / 1000);
    }
    if (!this.writableFinished) line.aborted = true;
    // A load balancer's probes, every few seconds from each of its nodes: debug level only.
    if (!api && PROBE_PATHS.has(pathOf(req.url))) log.debug(line);
    else log.info(line);
  }

  return function track(req: IncomingMessage, res: ServerResponse): void {
    (req as Tracked)[STARTED] = performance.now();
    const incoming = trustProxy ? req.headers['x-request-id'] : undefined;
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : newRequestId();
    res.setHeader('X-Request-Id', id);
    res.on('close', done);
  };
}

const pathOf = (url = '/'): string => {
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).slice(0, 200);
};
