// How long the server waits for a client (server.ts; docs/decisions/0016-retries-uploads-and-lingering-close.md).
// Two different clocks: the headers must come quickly (a client that trickles them ties up a
// connection for nothing: the slowloris attack), while a whole request may take as long as the
// largest upload takes on the slowest uplink we serve (an application with its statements, from a
// phone in the hills: minutes).

/**
 * Idle keep-alive connections are kept this long: above a load balancer's usual 60 s idle timeout,
 * so the balancer, not this server, closes an idle connection and never sends a request on one
 * this server is closing (a 502).
 */
export const KEEP_ALIVE_MS = 65_000;
/** The request's headers, within a second more than that (Node's rule: above keepAliveTimeout). */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 1000;
/** The slowest uplink an upload must finish on: 256 kbit/s. */
export const SLOWEST_UPLINK_BITS_PER_S = 256_000;
/** The largest body the API takes (an application: MAX_APPLICATION_BYTES, a test keeps them equal). */
export const LARGEST_BODY_BYTES = 24 * 1024 * 1024;
/** A whole request: the largest body on the slowest uplink, and a minute to spare (about 14 minutes). */
export const REQUEST_TIMEOUT_MS =
  Math.ceil((LARGEST_BODY_BYTES * 8) / SLOWEST_UPLINK_BITS_PER_S) * 1000 + 60_000;

export interface Timeouts {
  keepAliveMs: number;
  headersMs: number;
  requestMs: number;
}

export const SERVER_TIMEOUTS: Timeouts = {
  keepAliveMs: KEEP_ALIVE_MS,
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
};

/** Sets the three clocks on a node:http server. */
export function applyTimeouts(
  server: { keepAliveTimeout: number; headersTimeout: number; requestTimeout: number },
  timeouts: Timeouts = SERVER_TIMEOUTS,
): void {
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
}
