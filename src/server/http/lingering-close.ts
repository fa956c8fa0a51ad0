// Lingering close, as nginx does it (docs/decisions/0016-retries-uploads-and-lingering-close.md): an answer
// given before the request's body was read (a refused upload: no ticket, over a limit; a GET whose
// body we ignore) must still reach the client. Closing the socket while the client is still sending makes the kernel reset the
// connection, and the client (a browser, curl) reports EPIPE or a network error instead of reading
// our sentence; measured before this: 15 of 20 refused 2 MB uploads (tests/system/never-drop.test.ts).
// So when Node (Connection: close) or the API's adapter (its own 500 ms drain) would close such a
// socket, it half-closes instead: the answer and a FIN go out, and the rest of the body is read and
// thrown away until the client is done, at most LINGER_BYTES or LINGER_MS, then the socket closes.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Most a refused request's body is read after its answer (above the largest application upload). */
export const LINGER_BYTES = 32 * 1024 * 1024;
/** Longest a socket lingers after its answer (nginx's lingering_time is 30 s). */
export const LINGER_MS = 30_000;

/** The latest request with a body on each connection. */
const latest = new WeakMap<Socket, IncomingMessage>();

/** Reads and drops what the client still sends of `req`, then closes; the answer already went out. */
function linger(socket: Socket, req: IncomingMessage, limits: { bytes: number; ms: number }): void {
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    // Never before the answer has gone out: destroy() drops what is still waiting to be written.
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(close, limits.ms);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) close();
  });
  req.once('end', close);
  req.once('error', close);
  socket.once('end', close);
  socket.once('error', close);
  socket.end(); // our FIN after the answer: the client knows nothing more comes
  req.resume();
}

/**
 * Whether the request carries a body, by its headers, whatever its method: a GET may send one too, and
 * our answer (which ignores it) must not be cut off by a reset either.
 */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Called for every request: when it has a body, its socket lingers instead of closing at once while
 * that body is not read to its end. Cheap for everything else (two header reads).
 */
export function lingerWhileBodyUnread(
  req: IncomingMessage,
  limits: { bytes: number; ms: number } = { bytes: LINGER_BYTES, ms: LINGER_MS },
): void {
  if (req.complete || !hasBody(req)) return;
  const socket = req.socket;
  const known = latest.has(socket);
  latest.set(socket, req);
  if (known) return;
  const destroySoon = socket.destroySoon.bind(socket);
  let lingering = false;
  socket.destroySoon = () => {
    if (lingering) return;
    const current = latest.get(socket);
    if (!current || current.complete || socket.destroyed) return destroySoon();
    lingering = true;
    linger(socket, current, limits);
  };
}
