// The on-demand pages of the Node server, kept as rendered (docs/architecture.md, "Caching"): a page
// marked kept in the route list (src/lib/routes.ts, read through cached-pages.ts) is rendered once per
// change of the data it shows (src/server/data-fingerprint.ts) and of the chain's day, then answered
// from memory, compressed (one encoding negotiation for the server: negotiate.ts), with a strong ETag
// made from its content and a 304 for a revisit. Rendering the locator cost about 7 ms of CPU a request.
//
// What is kept is the same for every visitor: only a GET without Cookie or Authorization, with no
// query parameter the page does not read, answered 200 without Set-Cookie or a Vary other than
// Accept-Encoding, is kept. The pages' CSP allows their scripts by hash (docs/decisions/0004), never
// by a per-request nonce, so kept bytes are valid for everyone; the headers of one request (its id,
// HSTS over HTTPS) are set again on each answer and never kept.
//
// Memory is bounded by bytes (lru-cache, least recently used first out), in three shares (40 MB in
// all): the store pages have MAX_STORE_PAGE_BYTES of their own, so no other page can push them out;
// pages with a query (/stores?q=...), which visitors may vary at will, have MAX_QUERY_BYTES; the rest
// share MAX_BYTES. A key is the canonical path (cached-pages.ts canonicalPath: `/stores/%31` is
// `/stores/1`), and an error (an unknown frame or store is a 404) is never kept.
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { CDN_HEADERS, pageCacheHeaders } from '../../lib/cache-policy.ts';
import { chainDay } from '../../lib/dates.ts';
import type { DataSource } from '../data-fingerprint.ts';
import { countPageCache } from '../metrics.ts';
import { type CachedPage, cachedPage, canonicalPath, queryKey } from './cached-pages.ts';
import { notModifiedHeaders } from './headers.ts';
import { acceptedEncodings, type Encoding } from './negotiate.ts';

/** Renders a page as the server does uncached; calls `tee(res)` where the body is still uncompressed. */
export type PageRenderer = (
  req: IncomingMessage,
  res: ServerResponse,
  tee?: (res: ServerResponse) => void,
) => void;

export interface PageCacheOptions {
  render: PageRenderer;
  /** The current fingerprint of these tables (several servers: read from the shared database). */
  fingerprint: (sources: readonly DataSource[]) => string | Promise<string>;
  now?: () => number;
  maxBytes?: number;
  maxQueryBytes?: number;
  maxStorePageBytes?: number;
}

/** The locator, offers, rules and frames with their compressed copies fit in a few MB. */
const MAX_BYTES = 12 * 1024 * 1024;
/** All 300 store pages with their compressed copies (about 60 KB each): a share of their own. */
const MAX_STORE_PAGE_BYTES = 20 * 1024 * 1024;
const MAX_QUERY_BYTES = 8 * 1024 * 1024;
/** A page larger than this is sent as rendered, never kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Below this a compressed copy saves nothing worth a header (as the compression of rendered answers). */
const COMPRESS_FROM = 1024;

/** Headers of one request or of one encoding: set again on each answer, never kept. */
const NOT_KEPT = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'strict-transport-security',
]);

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };
const COMPRESS: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

interface Entry {
  fingerprint: string;
  headers: OutgoingHttpHeaders;
  /** The headers of a 200 in each encoding, made on first use. */
  sent: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  /** The headers of a 304 in each encoding, made on first use. */
  unchanged: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  /** The caching rule the kept headers were last sent with (cache-policy.ts: some run to midnight). */
  caching?: Readonly<Record<string, string>>;
  /** The minute the caching rule was last read in: the rules change by the minute at most. */
  minute?: number;
  /** The content's hash: each encoding's strong ETag is made from it. */
  tag: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
}

const etag = (entry: Entry, encoding: Encoding) => `"${entry.tag}${ETAG_SUFFIX[encoding]}"`;
const sizeOf = (entry: Entry) =>
  1024 + Object.values(entry.bodies).reduce((total, body) => total + (body?.length ?? 0), 0);

/** True when If-None-Match names this content, in any of its encodings (weak comparison, RFC 9110). */
function notModified(req: IncomingMessage, entry: Entry): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((value) => {
    const tag = value.trim().replace(/^W\//, '');
    return (
      tag === '*' || (['identity', 'br', 'gzip'] as const).some((encoding) => tag === etag(entry, encoding))
    );
  });
}

/** The body's bytes as they are written, alongside the answer; `done` gets them once it ends. */
function tee(res: ServerResponse, done: (body: Buffer | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size <= MAX_PAGE_BYTES) chunks.push(bytes);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(write, this, args);
  } as typeof res.write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    done(size <= MAX_PAGE_BYTES ? Buffer.concat(chunks) : undefined);
    return Reflect.apply(end, this, args);
  } as typeof res.end;
}

/** The rendered answer's own headers, or undefined when it must not be kept. */
function keptHeaders(res: ServerResponse): OutgoingHttpHeaders | undefined {
  if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return undefined;
  const vary = String(res.getHeader('vary') ?? '').toLowerCase();
  if (vary.split(',').some((name) => name.trim() !== '' && name.trim() !== 'accept-encoding'))
    return undefined;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = value;
  }
  return headers;
}

export function pageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const lru = (maxSize: number) => new LRUCache<string, Entry>({ maxSize, sizeCalculation: sizeOf });
  const pages = lru(options.maxBytes ?? MAX_BYTES);
  const queried = lru(options.maxQueryBytes ?? MAX_QUERY_BYTES);
  const storePages = lru(options.maxStorePageBytes ?? MAX_STORE_PAGE_BYTES);

  /** The state of what the page shows: its tables and the day. */
  function fingerprintOf(page: CachedPage): string | Promise<string> {
    const at = now();
    const time = chainDay(at);
    if (!page.data.length) return `@${time}`;
    const tables = options.fingerprint(page.data);
    return typeof tables === 'string' ? `${tables}@${time}` : tables.then((value) => `${value}@${time}`);
  }

  /** The bytes in this encoding, compressed on first need and kept with the page. */
  function body(store: LRUCache<string, Entry>, key: string, entry: Entry, encoding: Encoding): Buffer {
    if (encoding === 'identity') return entry.bodies.identity;
    let bytes = entry.bodies[encoding];
    if (!bytes) {
      bytes = COMPRESS[encoding](entry.bodies.identity);
      entry.bodies[encoding] = bytes;
      if (store.get(key) === entry) store.set(key, entry); // counts the new copy's bytes
    }
    return bytes;
  }

  interface Lookup {
    /** The canonical path (canonicalPath): the key without its query. */
    path: string;
    key: string;
    store: LRUCache<string, Entry>;
    fingerprint: string;
    kept: Entry | undefined;
  }
  type Hit = Lookup & { kept: Entry };

  function answer(req: IncomingMessage, res: ServerResponse, { kept: entry, store, key, path }: Hit): void {
    // The caching of now: a rule that runs to the chain's next day has a shorter lifetime each
    // minute. Read once a minute, and each answer's headers made once per encoding and rule (as a
    // prebuilt file's, static-files.ts), not a rule's lookup and a copy of twenty headers per request.
    const at = now();
    const minute = Math.floor(at / 60_000);
    if (entry.minute !== minute) {
      entry.minute = minute;
      const caching = pageCacheHeaders(path, 200, at);
      if (entry.caching !== caching) {
        entry.caching = caching;
        entry.sent = {};
        entry.unchanged = {};
        for (const name of CDN_HEADERS) delete entry.headers[name.toLowerCase()];
        for (const [name, value] of Object.entries(caching)) entry.headers[name.toLowerCase()] = value;
      }
    }
    const small = entry.bodies.identity.length < COMPRESS_FROM;
    const encoding = small ? 'identity' : (acceptedEncodings(req)[0] ?? 'identity');
    const headers = () => ({ ...entry.headers, ETag: etag(entry, encoding), Vary: 'Accept-Encoding' });
    if (notModified(req, entry)) {
      // The 200's caching, CDN headers and tags too (RFC 9110 15.4.5), as it went out: the 200's
      // were finished as they went out (headers.ts finishRenderedHeaders), so they are kept as sent.
      entry.unchanged[encoding] ??= notModifiedHeaders(headers());
      res.writeHead(304, entry.unchanged[encoding]);
      res.end();
      countPageCache('hit');
      return;
    }
    const bytes = body(store, key, entry, encoding);
    countPageCache('hit', req.method === 'HEAD' ? 0 : bytes.length);
    entry.sent[encoding] ??= {
      ...headers(),
      'Content-Length': bytes.length,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    };
    res.writeHead(200, entry.sent[encoding]);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  /**
   * Where the request's page is kept and the state of its data now; undefined: never kept. At once
   * (no promise) while the data's fingerprints are recent, as on nearly every request.
   */
  function lookup(req: IncomingMessage): Lookup | undefined | Promise<Lookup | undefined> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return undefined;
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = canonicalPath(mark < 0 ? url : url.slice(0, mark));
    const search = mark < 0 ? '' : url.slice(mark);
    const page = path === undefined ? undefined : cachedPage(path);
    const query = page && queryKey(page, search);
    if (!page || query === undefined || path === undefined) return undefined;
    const key = query ? `${path}?${query}` : path;
    const store = query ? queried : page.ownShare ? storePages : pages;
    const found = (fingerprint: string): Lookup => ({
      path,
      key,
      store,
      fingerprint,
      kept: store.get(key),
    });
    // The database is down: the page says so, uncached.
    const unknown = () => undefined;
    try {
      const fingerprint = fingerprintOf(page);
      return typeof fingerprint === 'string' ? found(fingerprint) : fingerprint.then(found, unknown);
    } catch {
      return unknown();
    }
  }

  const current = (found: Lookup | undefined): found is Hit =>
    found?.kept !== undefined && found.kept.fingerprint === found.fingerprint;

  /** Renders the page, and keeps it when it may. */
  function renderAndKeep(req: IncomingMessage, res: ServerResponse, found: Lookup | undefined): void {
    if (!found || req.method !== 'GET') {
      options.render(req, res);
      return;
    }
    const { key, store, fingerprint, kept } = found;
    countPageCache('miss');
    options.render(req, res, (rendered) =>
      tee(rendered, (bytes) => {
        const headers = bytes && keptHeaders(rendered);
        if (!bytes || !headers) {
          if (kept) store.delete(key); // outdated, and its page is now an error or not for keeping
          return;
        }
        const tag = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
        store.set(key, { fingerprint, headers, sent: {}, unchanged: {}, tag, bodies: { identity: bytes } });
      }),
    );
  }

  return {
    /** Answers from memory when the page is kept and its data unchanged; false otherwise. */
    answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      const hit = (found: Lookup | undefined) => {
        if (!current(found)) return false;
        answer(req, res, found);
        return true;
      };
      const found = lookup(req);
      return found instanceof Promise ? found.then(hit) : hit(found);
    },

    /** Renders a page (from memory if it was kept since), and keeps it when it may. */
    render(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
      const go = (found: Lookup | undefined) =>
        current(found) ? answer(req, res, found) : renderAndKeep(req, res, found);
      const found = lookup(req);
      return found instanceof Promise ? found.then(go) : go(found);
    },
  };
}
