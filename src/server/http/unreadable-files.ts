// Files that cannot be read any more (docs/decisions/0016-retries-uploads-and-lingering-close.md): the
// table of static-files.ts is made at the start, and a deploy that replaces dist/ in place, or a disk
// fault, can take a file away or lock it while the server runs. That costs the one answer, never the
// process: a file gone goes on to the next handler (the 404 page), any other failure is a 500.
import { createReadStream, fstat, open } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { log } from '../log.ts';

/** The answer for a file that could not be read: `next` (not found) when it is gone, else a 500. */
export function cannotRead(error: unknown, res: ServerResponse, next: () => void): void {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    next();
    return;
  }
  log.error({ err: error }, 'a static file could not be read');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Internal Server Error');
}

/**
 * Sends the file at `path` with `headers` (a 200): opened and checked first, so that a file that
 * cannot be read is answered by cannotRead; a failure mid-way (rare: the headers are out) cuts
 * that one answer.
 */
export function streamFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  headers: OutgoingHttpHeaders,
  next: () => void,
): void {
  open(path, 'r', (openError, fd) => {
    if (openError) return cannotRead(openError, res, next);
    fstat(fd, (statError, info) => {
      const problem =
        statError ?? (info.isFile() ? null : Object.assign(new Error('not a file'), { code: 'EISDIR' }));
      const stream = createReadStream(path, { fd });
      // The visitor left while the file was opened: nothing to send to (pipeline would throw).
      if (res.destroyed) return void stream.destroy();
      if (problem || req.method === 'HEAD') {
        stream.destroy();
        if (problem) return cannotRead(problem, res, next);
        res.writeHead(200, headers).end();
        return;
      }
      res.writeHead(200, headers);
      pipeline(stream, res, (error) => {
        if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
          log.warn({ err: error }, 'a static file was cut');
      });
    });
  });
}
