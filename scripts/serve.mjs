// The production server: static files from dist/client (precompressed where possible), then
// Astro's handler for on-demand pages and the API. One process serves everything.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
// The API's database: migrated before the first request (Node loads the TypeScript source
// directly); the bundled API then uses this same handle. Sample data is a step of its own (`npm run seed`).
import { closeDatabase, onShutdown, prepareDatabase, warnAboutSettings } from '../src/server/lifecycle.ts';
import { distDir } from './dist-dir.mjs';

const clientDir = distDir('client');
const { handler } = await import(pathToFileURL(join(distDir('server'), 'entry.mjs')).href);
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const securityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
};

async function fileAt(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Finds the static file for a URL path, or undefined. Never leaves dist/client. */
async function findStatic(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = normalize(join(clientDir, decoded));
  if (!path.startsWith(clientDir)) return undefined;
  for (const candidate of [path, join(path, 'index.html')]) {
    const info = await fileAt(candidate);
    if (info) return { path: candidate, info };
  }
  return undefined;
}

async function serveStatic(req, res, file) {
  const type = types[extname(file.path)] ?? 'application/octet-stream';
  const accepts = String(req.headers['accept-encoding'] ?? '');
  let { path, info } = file;
  let encoding;
  for (const [token, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    const compressed = accepts.includes(token) && (await fileAt(path + ext));
    if (compressed) {
      path += ext;
      info = compressed;
      encoding = token;
      break;
    }
  }
  const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers = {
    ...securityHeaders,
    'Content-Type': type,
    'Cache-Control': file.path.includes('/_astro/')
      ? 'public, max-age=31536000, immutable'
      : 'public, no-cache',
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(path).pipe(res);
}

const server = http.createServer(async (req, res) => {
  const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
  if ((req.method === 'GET' || req.method === 'HEAD') && urlPath !== '/404' && urlPath !== '/500') {
    const file = await findStatic(urlPath);
    if (file && !file.path.endsWith('/404.html') && !file.path.endsWith('/500.html')) {
      return serveStatic(req, res, file);
    }
  }
  for (const [key, value] of Object.entries(securityHeaders)) res.setHeader(key, value);
  handler(req, res);
});

warnAboutSettings();
await prepareDatabase();
server.listen(port, host, () => console.log(`Serving on http://${host}:${port}`));
// Clean shutdown: stop accepting, let requests in flight finish, close the database, exit 0.
onShutdown(server, closeDatabase);
