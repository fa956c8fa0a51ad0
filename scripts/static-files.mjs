// The prebuilt files of dist/client for scripts/serve.mjs. sirv serves them: the precompressed
// .br/.gz variants from scripts/precompress.mjs, ETags and 304s; byte ranges (the hero video) are
// answered by scripts/byte-ranges.mjs.
// In front of it, small files (pages, stylesheets, scripts, icons) are answered from memory once
// read: a read from disk on every request held a content page to under half of what a bare server
// sends (bench/server.mjs). Both use the same ETags and headers, so either may answer a revisit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lookup } from 'mrmime';
import Negotiator from 'negotiator';
import sirv from 'sirv';
import { cacheControl } from '../src/lib/security-headers.mjs';
import { answerRange } from './byte-ranges.mjs';
import { pagePolicy } from './serve-headers.mjs';

const IN_MEMORY_LIMIT = 64 * 1024;
const PREFERENCE = ['br', 'gzip', 'identity'];
const SUFFIX = { br: '.br', gzip: '.gz', identity: '' };

const negotiated = new Map();
/** The encodings the client accepts (q-values honoured: `br;q=0, gzip` is gzip), best first. */
export function acceptedEncodings(req) {
  const header = req.headers['accept-encoding'] ?? '';
  let encodings = negotiated.get(header);
  if (!encodings) {
    const accepted = new Set(new Negotiator(req).encodings(PREFERENCE));
    encodings = PREFERENCE.filter((encoding) => accepted.has(encoding));
    if (negotiated.size > 200) negotiated.clear(); // browsers send a handful of distinct values
    negotiated.set(header, encodings);
  }
  return encodings;
}

/** Headers of a static file beyond those of every answer (caching, the page's CSP). */
function fileHeaders(res, pathname, policies) {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', cacheControl(pathname));
  const policy = pagePolicy(policies, pathname);
  if (policy) res.setHeader('Content-Security-Policy', policy);
}

/** url path -> { type, variants: { br?, gzip?, identity } } for every file small enough to keep. */
function smallFiles(clientDir) {
  const table = new Map();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const variants = {};
    for (const encoding of PREFERENCE) {
      const info = statSync(path + SUFFIX[encoding], { throwIfNoEntry: false });
      if (info) variants[encoding] = { path: path + SUFFIX[encoding], info };
    }
    if (variants.identity.info.size > IN_MEMORY_LIMIT) continue;
    const url = `/${relative(clientDir, path)}`;
    const type = lookup(entry.name) ?? 'application/octet-stream';
    const file = { type: type === 'text/html' ? `${type};charset=utf-8` : type, variants };
    table.set(url, file);
    if (url.endsWith('/index.html')) {
      const dir = url.slice(0, -'index.html'.length);
      table.set(dir, file);
      if (dir !== '/') table.set(dir.slice(0, -1), file);
    }
  }
  return table;
}

export function staticFiles(clientDir, policies) {
  const table = smallFiles(clientDir);
  const setHeaders = (res, pathname) => fileHeaders(res, pathname, policies);
  const fromDisk = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders,
  });

  /** The headers of one file variant, made once: the same for every answer. */
  function variantHeaders(pathname, file, encoding, variant) {
    const headers = {
      'Content-Type': file.type,
      'Content-Length': variant.info.size,
      'Last-Modified': variant.info.mtime.toUTCString(),
      ETag: `W/"${variant.info.size}-${variant.info.mtime.getTime()}"`, // sirv's form
      Vary: 'Accept-Encoding',
      'Accept-Ranges': 'bytes',
      'Cache-Control': cacheControl(pathname),
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const policy = pagePolicy(policies, pathname);
    if (policy) headers['Content-Security-Policy'] = policy;
    return headers;
  }

  /** Answers from memory when it can; false otherwise. */
  function fromMemory(req, res, pathname, encodings) {
    const file = table.get(pathname);
    const encoding = file && encodings.find((name) => file.variants[name]);
    if (!encoding) return false;
    const variant = file.variants[encoding];
    variant.headers ??= variantHeaders(pathname, file, encoding, variant);
    if (req.headers['if-none-match'] === variant.headers.ETag) {
      const { ETag, Vary, 'Cache-Control': cache } = variant.headers;
      res.writeHead(304, { ETag, Vary, 'Cache-Control': cache }).end();
      return true;
    }
    variant.body ??= readFileSync(variant.path);
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  }

  /** Serves the file for a GET or HEAD of `pathname`, or calls `next` when there is none. */
  return (req, res, pathname, next) => {
    if (req.headers.range && answerRange(req, res, clientDir, pathname, setHeaders)) return;
    const encodings = acceptedEncodings(req);
    if (fromMemory(req, res, pathname, encodings)) return;
    // sirv only looks for the tokens' presence: give it the accepted ones.
    req.headers['accept-encoding'] = encodings.filter((name) => name !== 'identity').join(', ');
    fromDisk(req, res, next);
  };
}
