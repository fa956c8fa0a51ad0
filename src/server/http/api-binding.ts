// The API's binding for the Node server (server.ts): /api/v1 goes straight from node:http to the
// Hono app, without Astro's handler in between (docs/decisions/0003).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { PERSONAL_CACHE } from '../../lib/cache-policy.ts';
import type { ApiBindings } from '../deps.ts';
import { answerApi } from '../runtime.ts';
import { compressApiAnswer } from './api-compression.ts';
import { API_BINDINGS } from './request-log.ts';

const listener = getRequestListener(
  // node:http only (server.ts): never HTTP/2.
  (request, env) => {
    const { incoming, outgoing } = env as HttpBindings;
    const bindings: ApiBindings = {
      clientAddress: incoming.socket.remoteAddress,
      noStoreSet: true,
      // Given by the server's request log (request-log.ts), which logs the request too.
      requestId: outgoing.getHeader('x-request-id') as string | undefined,
    };
    (incoming as IncomingMessage & { [API_BINDINGS]?: ApiBindings })[API_BINDINGS] = bindings;
    // Every JSON answer worth it compressed, one rule for all (api-compression.ts).
    return Promise.resolve(answerApi(request, bindings)).then((answer) =>
      compressApiAnswer(incoming, answer),
    );
  },
);

/**
 * The node:http request listener for /api/v1. The socket's address goes to the app as
 * `clientAddress` (src/server/request.ts clientIp, which prefers X-Forwarded-For under TRUST_PROXY).
 * `Cache-Control: private, no-store` is set here, on the node:http answer, rather than by the app
 * (see cachePolicy in middleware.ts); headers the app answers with (a public read's) replace it.
 */
export function apiListener(incoming: IncomingMessage, outgoing: ServerResponse): void {
  outgoing.setHeader('Cache-Control', PERSONAL_CACHE);
  listener(incoming, outgoing);
}
