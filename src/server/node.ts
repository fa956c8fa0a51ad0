// The API's binding for the Node server: scripts/serve.mjs imports this module as a bundle built by
// scripts/build-api.mjs (dist/api/node.mjs), so /api/v1 goes straight from node:http to the Hono app
// without Astro's handler in between (docs/decisions/0003). Also gathers what serve.mjs needs to
// start and stop: the database, the settings warnings, clean shutdown.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { loadConfig } from './config.ts';
import type { ApiBindings } from './deps.ts';
import { blockedByMaintenance } from './maintenance.ts';
import { API_BINDINGS } from './request-log.ts';
import { answerApi, getDeps } from './runtime.ts';

export { closeDatabase, onShutdown, prepareDatabase, warnAboutSettings } from './lifecycle.ts';

/** What the server itself needs to know from the configuration. */
export const serverSettings = (): { trustProxy: boolean } => ({ trustProxy: loadConfig().trustProxy });

export { log } from './log.ts';
export { newRequestId, requestLog } from './request-log.ts';

const listener = getRequestListener(
  // node:http only (scripts/serve.mjs): never HTTP/2.
  (request, env) => {
    const { incoming, outgoing } = env as HttpBindings;
    const bindings: ApiBindings = {
      clientAddress: incoming.socket.remoteAddress,
      noStoreSet: true,
      // Given by scripts/serve.mjs's request log (request-log.ts), which logs the request too.
      requestId: outgoing.getHeader('x-request-id') as string | undefined,
    };
    (incoming as IncomingMessage & { [API_BINDINGS]?: ApiBindings })[API_BINDINGS] = bindings;
    return answerApi(request, bindings);
  },
);

/**
 * The node:http request listener for /api/v1. The socket's address goes to the app as
 * `clientAddress` (src/server/http.ts clientIp, which prefers X-Forwarded-For under TRUST_PROXY).
 * `Cache-Control: no-store` is set here, on the node:http answer, rather than by the app (see
 * noStore in middleware.ts); headers the app answers with, a route's own Cache-Control too, replace it.
 */
export function apiListener(incoming: IncomingMessage, outgoing: ServerResponse): void {
  outgoing.setHeader('Cache-Control', 'no-store');
  listener(incoming, outgoing);
}

export { RETRY_AFTER_SECONDS } from './maintenance.ts';

/**
 * True when a page request must get the maintenance screen (src/server/maintenance.ts); the API
 * answers for itself. The build's assets (the screen's own CSS) always pass. Never throws: when
 * the database cannot tell, the site answers as usual.
 */
export async function pageInMaintenance(path: string, cookieHeader: string | undefined): Promise<boolean> {
  if (path.startsWith('/_astro/') || path === '/favicon.svg') return false;
  try {
    return !!(await blockedByMaintenance(await getDeps(), path, cookieHeader));
  } catch {
    return false;
  }
}
