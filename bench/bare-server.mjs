// The yardstick for bench/server.mjs: a bare node:http server that sends the very same bytes as
// the production server for the benchmarked URLs (the prebuilt, precompressed page and the health
// JSON, the store list, a giveaway entry's answer) with the same headers, and nothing else. Whatever
// our server costs beyond this is its own overhead. Started by the benchmark as a child process; prints its port when listening.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { headersFor } from '../src/lib/security-headers.ts';
import { distDir } from '../src/server/http/dist-dir.ts';
import { pagePolicy, readPagePolicies } from '../src/server/http/headers.ts';

// The same headers as ours: the security headers of the path, and a request id of the same length
// as the ones ours makes (src/server/http/request-log.ts), on every answer.
const apiHeaders = { ...headersFor('/api/v1/health'), 'X-Request-Id': '3f9a1c07-2k1f' };

const page = process.env.BENCH_PAGE ?? '/charge-card';
const file = join(distDir('client'), page, 'index.html');
const bodies = {
  br: readFileSync(`${file}.br`),
  gzip: readFileSync(`${file}.gz`),
  identity: readFileSync(file),
};
const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'public, no-cache',
  ETag: 'W/"bench"',
  Vary: 'Accept-Encoding',
  ...headersFor(page),
  'Content-Security-Policy': pagePolicy(readPagePolicies(distDir('client')), page),
  'X-Request-Id': '3f9a1c07-2k1f',
};
const health = Buffer.from(JSON.stringify({ ok: true, database: 'sqlite', maintenance: false }));
// Answers of our server captured by bench/server.mjs (bench/capture.mjs), by path: the store list,
// a giveaway entry's 201 and the on-demand pages /stores and /stores/1 (with the security headers
// of a page). A POST's body is read in full before the answer, as ours must.
const captured = Object.entries(
  process.env.BENCH_FIXTURES ? JSON.parse(readFileSync(process.env.BENCH_FIXTURES, 'utf8')) : {},
).map(([path, { status, headers, body }]) => [path, { status, headers, body: Buffer.from(body, 'base64') }]);
const fixtures = new Map(captured);

http
  .createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const fixture = fixtures.get(path);
    const api = path.startsWith('/api/');
    if (fixture && (req.headers['x-api-key'] || !api)) {
      req.resume();
      req.on('end', () => {
        res.writeHead(fixture.status, {
          ...(api ? apiHeaders : { ...headersFor(path), 'X-Request-Id': apiHeaders['X-Request-Id'] }),
          ...fixture.headers,
          'Content-Length': fixture.body.length,
        });
        res.end(fixture.body);
      });
      return;
    }
    if (path === '/api/v1/health' && req.headers['x-api-key']) {
      res.writeHead(200, {
        ...apiHeaders,
        'Cache-Control': 'no-store',
        'Content-Type': 'application/json',
        'Content-Length': health.length,
      });
      res.end(health);
      return;
    }
    if (path === page || path === `${page}/`) {
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : 'identity';
      const body = bodies[encoding];
      const headers = { ...pageHeaders, 'Content-Length': body.length };
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      res.writeHead(200, headers);
      res.end(body);
      return;
    }
    res.writeHead(404).end();
  })
  .listen(0, '127.0.0.1', function () {
    console.log(`PORT ${this.address().port}`);
  });
