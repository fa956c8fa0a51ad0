// The prebuilt files of dist/client for the production server (server.ts). sirv serves them: the
// precompressed .br/.gz variants from scripts/precompress.mjs; byte ranges (the hero video) are
// answered by byte-ranges.ts. Every file's ETag is made here from its content (a hash of its bytes,
// read once at start), so it is the same on every machine and every build of the same content,
// and a CDN or browser revalidating after a deploy gets a 304 for every page that did not change.
// In front of it, small files (pages, stylesheets, scripts, icons) are answered from memory once
// read: a read from disk on every request held a content page to under half of what a bare server
// sends (bench/server.mjs); larger files of the table are streamed by unreadable-files.ts, which
// answers a file gone or unreadable since the start (a deploy replacing dist/ in place) with a 404
// or 500 instead of an unhandled error that ended the process (sirv's streams have no handler). All three take their headers from headers.ts staticHeaders and their
// encoding from negotiate.ts, so any of them may answer a revisit.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { lookup } from 'mrmime';
import sirv from 'sirv';
import { answerRange } from './byte-ranges.ts';
import { notModifiedHeaders, type PagePolicies, staticHeaders } from './headers.ts';
import { acceptedEncodings, ENCODINGS, type Encoding, pickEncoding, SUFFIX } from './negotiate.ts';
import { cannotRead, streamFile } from './unreadable-files.ts';

const IN_MEMORY_LIMIT = 64 * 1024;

interface Variant {
  path: string;
  info: Stats;
  /** Strong, from the content: one per encoding, since each is a representation of its own. */
  etag: string;
  /** Made on first use, the same for every answer. */
  headers?: OutgoingHttpHeaders;
  body?: Buffer;
}
interface SmallFile {
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
  /** Small enough to answer from memory (IN_MEMORY_LIMIT); larger ones stream from disk (sirv). */
  small: boolean;
}

/** A strong ETag from the file's bytes: the same for the same content, whenever and wherever built. */
export function contentTag(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('base64url').slice(0, 27);
}

/**
 * url path -> the file's type and its variants with their ETags, for every file; `small` tells the
 * ones kept in memory once read.
 */
function fileTable(clientDir: string): Map<string, SmallFile> {
  const table = new Map<string, SmallFile>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const tag = contentTag(path);
    const variants: SmallFile['variants'] = {};
    for (const encoding of ENCODINGS) {
      const info = statSync(path + SUFFIX[encoding], { throwIfNoEntry: false });
      const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
      if (info) variants[encoding] = { path: path + SUFFIX[encoding], info, etag };
    }
    if (!variants.identity) continue;
    const url = `/${relative(clientDir, path)}`;
    const type = lookup(entry.name) ?? 'application/octet-stream';
    const small = variants.identity.info.size <= IN_MEMORY_LIMIT;
    const file = { type: type === 'text/html' ? `${type};charset=utf-8` : type, variants, small };
    table.set(url, file);
    if (url.endsWith('/index.html')) {
      const dir = url.slice(0, -'index.html'.length);
      table.set(dir, file);
      if (dir !== '/') table.set(dir.slice(0, -1), file);
    }
  }
  return table;
}

type Next = () => void;

/** If-None-Match holds this ETag (or `*`); weak comparison, as RFC 9110 13.1.2 asks of it. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '');
    return bare === etag || bare === '*';
  });
}

export function staticFiles(clientDir: string, policies: PagePolicies) {
  const table = fileTable(clientDir);
  const fromDisk = sirv(clientDir, {
    dev: false,
    etag: false, // ours, from the content (the table answers every file it knows)
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(staticHeaders(policies, pathname))) {
        if (value !== undefined) res.setHeader(name, value);
      }
    },
  });

  /** The headers of one file variant: what sirv would send, and the static file's own. */
  function variantHeaders(pathname: string, file: SmallFile, encoding: Encoding, variant: Variant) {
    return {
      'Content-Type': file.type,
      'Content-Length': variant.info.size,
      'Last-Modified': variant.info.mtime.toUTCString(),
      ETag: variant.etag,
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      ...staticHeaders(policies, pathname),
    };
  }

  /**
   * Answers a file of the table: a 304, a small one's body from memory, a large one's streamed from
   * disk; false for a path the table does not know (sirv's).
   */
  function fromTable(req: IncomingMessage, res: ServerResponse, pathname: string, next: Next): boolean {
    const file = table.get(pathname);
    const encoding = file && pickEncoding(req, file.variants);
    const variant = encoding && file?.variants[encoding];
    if (!file || !encoding || !variant) return false;
    variant.headers ??= variantHeaders(pathname, file, encoding, variant);
    if (matchesEtag(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, notModifiedHeaders(variant.headers)).end();
      return true;
    }
    if (!file.small) {
      // Streamed from disk; a file gone or unreadable since the start costs this answer only.
      streamFile(req, res, variant.path, variant.headers, next);
      return true;
    }
    try {
      variant.body ??= readFileSync(variant.path);
    } catch (error) {
      cannotRead(error, res, next);
      return true;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  }

  /** Serves the file for a GET or HEAD of `pathname`, or calls `next` when there is none. */
  return (req: IncomingMessage, res: ServerResponse, pathname: string, next: Next): void => {
    if (req.headers.range) {
      const etag = table.get(pathname)?.variants.identity?.etag;
      if (answerRange(req, res, clientDir, pathname, { ...staticHeaders(policies, pathname), ETag: etag }))
        return;
    }
    if (fromTable(req, res, pathname, next)) return;
    // sirv only looks for the tokens' presence: give it the accepted ones.
    req.headers['accept-encoding'] = acceptedEncodings(req)
      .filter((name) => name !== 'identity')
      .join(', ');
    fromDisk(req, res, next);
  };
}
