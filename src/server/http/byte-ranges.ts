// Byte-range answers (206) for the prebuilt files, above all the hero video: Safari plays an mp4
// only from a server that answers ranges. sirv 3 has range support, but it crashed the whole
// process on a reversed range (`bytes=500-100`: createReadStream throws outside any handler),
// served a suffix range (`bytes=-500`) from the start of the file and `bytes=0-0` as the whole
// file. So ranges are answered here instead: range-parser reads the header as RFC 9110 says, one
// range gets a 206 of the file itself (never of a compressed copy), an unsatisfiable one a 416,
// and anything else (malformed, several ranges, a stale If-Range) the whole file as a 200.
import { createReadStream, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { lookup } from 'mrmime';
import parseRange from 'range-parser';

/** The file a url path names, as sirv finds it (`/a` -> a, a.html, a/index.html), or undefined. */
function findFile(clientDir: string, pathname: string): { path: string; info: Stats } | undefined {
  const base = resolve(clientDir, `.${pathname}`);
  // Never outside the folder, and no dotfiles (sirv's default), .well-known apart.
  if (base !== clientDir && !base.startsWith(clientDir + sep)) return undefined;
  if (/\/\.(?!well-known\/)/.test(pathname)) return undefined;
  for (const path of [base, `${base}.html`, `${base}${sep}index.html`]) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (info?.isFile()) return { path, info };
  }
  return undefined;
}

/**
 * Answers a GET or HEAD that carries a Range header and returns true; returns false (after
 * dropping the header) when the whole file should be sent the usual way instead.
 * `fileHeaders` are the headers every static file gets (caching, CSP: headers.ts staticHeaders).
 */
export function answerRange(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  pathname: string,
  fileHeaders: OutgoingHttpHeaders,
): boolean {
  const file = findFile(resolve(clientDir), pathname);
  const ifRange = req.headers['if-range'];
  // If-Range needs a strong validator (RFC 9110 13.1.5): the file's content ETag (static-files.ts),
  // or its date.
  const current = !ifRange || ifRange === fileHeaders.ETag || ifRange === file?.info.mtime.toUTCString();
  const ranges =
    file && current ? parseRange(file.info.size, req.headers.range ?? '', { combine: true }) : -2;
  if (!file || ranges === -2 || (ranges !== -1 && (ranges.type !== 'bytes' || ranges.length !== 1))) {
    delete req.headers.range;
    return false;
  }
  for (const [name, value] of Object.entries(fileHeaders))
    if (value !== undefined) res.setHeader(name, value);
  res.setHeader('Content-Type', lookup(file.path) ?? 'application/octet-stream');
  if (!fileHeaders.ETag) res.setHeader('ETag', `W/"${file.info.size}-${file.info.mtime.getTime()}"`);
  res.setHeader('Last-Modified', file.info.mtime.toUTCString());
  if (ranges === -1) {
    res.writeHead(416, { 'Content-Range': `bytes */${file.info.size}` }).end();
    return true;
  }
  const { start, end } = ranges[0] as (typeof ranges)[number];
  res.writeHead(206, {
    'Content-Range': `bytes ${start}-${end}/${file.info.size}`,
    'Content-Length': end - start + 1,
  });
  if (req.method === 'HEAD') res.end();
  else
    createReadStream(file.path, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  return true;
}
