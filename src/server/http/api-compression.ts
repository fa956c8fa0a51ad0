// One rule for the API's JSON answers on the Node server (api-binding.ts): one of 1 KB or more goes
// out in the best encoding the client takes (br, else gzip: negotiate.ts, as the pages), and every
// JSON answer says `Vary: Accept-Encoding`, compressed or not, so a cache in front keeps one copy per
// encoding. The prices every store page reads (GET /store-prices, 31 KB) were sent whole to phones.
// An answer the route compressed itself (the store list keeps its encodings with the list) passes.
// The compressed bytes are kept by the content's hash: the shared reads are the same bytes for
// everyone until their data changes, and brotli at this quality costs milliseconds per answer.
// A compressed answer's ETag is weak: the route's validator names the content, not these bytes.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { acceptedEncodings, type Encoding } from './negotiate.ts';

/** Below this a compressed copy saves nothing worth a header (as the pages: page-cache.ts). */
export const COMPRESS_FROM = 1024;

const COMPRESS: Record<Exclude<Encoding, 'identity'>, (body: Uint8Array) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/** Compressed answers by encoding and content hash: a few MB holds every shared read's copies. */
const kept = new LRUCache<string, Buffer>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (b) => b.length });

/** Adds Accept-Encoding to the answer's Vary (once). */
function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** The API's answer as it goes out: a JSON answer compressed as above, any other as it is. */
export async function compressApiAnswer(req: IncomingMessage, answer: Response): Promise<Response> {
  if (!/^application\/(?:[\w.+-]*\+)?json\b/i.test(answer.headers.get('content-type') ?? '')) return answer;
  const headers = new Headers(answer.headers);
  varyOnEncoding(headers);
  const { status, statusText } = answer;
  const encoding = acceptedEncodings(req)[0];
  if (
    !answer.body ||
    headers.has('content-encoding') ||
    !encoding ||
    encoding === 'identity' ||
    req.method === 'HEAD'
  ) {
    return new Response(answer.body, { status, statusText, headers });
  }
  const body = new Uint8Array(await answer.arrayBuffer());
  if (body.length < COMPRESS_FROM) return new Response(body, { status, statusText, headers });
  const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
  let bytes = kept.get(key);
  if (!bytes) {
    bytes = COMPRESS[encoding](body);
    kept.set(key, bytes);
  }
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(bytes.length));
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return new Response(new Uint8Array(bytes), { status, statusText, headers });
}
