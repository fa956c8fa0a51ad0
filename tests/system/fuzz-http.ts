// Raw HTTP/1.1 for the fuzzer (fuzz.test.ts): every request is written byte for byte to its own
// TCP connection, because fetch and node:http refuse or normalize what the fuzzer must send (a
// duplicate Content-Length, NUL bytes or backslashes in a path, TRACE, a truncated body).
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export type Headers = [string, string][];

export interface RawRequest {
  /** What the request is, for the report of a failure. */
  label: string;
  method: string;
  /** The request target exactly as sent (may hold any byte but CR and LF). */
  target: string;
  headers: Headers;
  body?: Buffer;
  /** Content-Length is not added (the headers carry their own, or Transfer-Encoding). */
  ownLength?: boolean;
  /** Only this many bytes of the body are sent, then the client stops writing (a cut-off upload). */
  truncateAt?: number;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The bytes of the request on the wire (the head as latin1, so a target may carry any byte). */
export function encode(request: RawRequest): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const body = request.body ?? Buffer.alloc(0);
  if (!request.ownLength && (body.length > 0 || !['GET', 'HEAD'].includes(request.method))) {
    lines.push(`Content-Length: ${body.length}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** A short printable form of the request, for a failure message. */
export function describe(request: RawRequest): string {
  const bytes = encode(request);
  const text = JSON.stringify(bytes.subarray(0, 600).toString('latin1'));
  return `${request.label}\n  ${text}${bytes.length > 600 ? ` ... (${bytes.length} bytes)` : ''}`;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const end = body.indexOf('\r\n', at);
    if (end < 0) break;
    const size = Number.parseInt(body.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decodeBody(headers: Record<string, string>, body: Buffer): Buffer {
  const plain = headers['transfer-encoding']?.includes('chunked') ? dechunk(body) : body;
  const encoding = headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(plain);
  if (encoding === 'br') return brotliDecompressSync(plain);
  if (encoding === 'deflate') return inflateSync(plain);
  return plain;
}

/** Parses a whole answer read up to the connection's end; undefined when no status line came. */
export function parseAnswer(bytes: Buffer): RawAnswer | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (!match) return undefined;
  // An interim answer (100 Continue) comes before the real one.
  if (match[1]?.startsWith('1')) return parseAnswer(bytes.subarray(headEnd + 4));
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers, body: decodeBody(headers, bytes.subarray(headEnd + 4)) };
}

export interface Outcome {
  answer?: RawAnswer;
  /** Why there is no answer: the server reset the connection, closed it silently, or said nothing in time. */
  missing?: 'reset' | 'closed' | 'timeout';
}

/** Sends one request on a new connection and reads the answer until the server closes it. */
export function send(port: number, request: RawRequest, timeoutMs = 30_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let done = false;
    let reset = false;
    const finish = (timedOut = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      let answer: RawAnswer | undefined;
      try {
        answer = parseAnswer(Buffer.concat(chunks));
      } catch {
        answer = undefined;
      }
      resolve(answer ? { answer } : { missing: timedOut ? 'timeout' : reset ? 'reset' : 'closed' });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // An early answer (413, 405) may close the connection before the whole body is written.
    socket.on('error', () => {
      reset = true;
    });
    const bytes = encode(request);
    // Never half-closed: Node's server drops a request whose client ended its side (httpAllowHalfOpen).
    if (request.truncateAt === undefined) socket.write(bytes);
    else {
      const headLength = bytes.length - (request.body?.length ?? 0);
      socket.write(bytes.subarray(0, headLength + request.truncateAt));
      // The client gives up: the server sees the connection close in the middle of the body.
      setTimeout(() => socket.destroy(), 300).unref();
    }
  });
}
