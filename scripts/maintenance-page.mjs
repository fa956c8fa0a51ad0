// The 'We'll be back!' screen (src/pages/maintenance.astro) as the Node server answers it for every
// page while the maintenance switch is on (src/server/maintenance.ts): 503, Retry-After, never
// stored by a cache, with the screen's own Content-Security-Policy. Read and compressed once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function maintenanceScreen(clientDir, policies, retryAfterSeconds) {
  const html = readFileSync(join(clientDir, 'maintenance', 'index.html'));
  const gzipped = gzipSync(html);
  const policy = policies.get('/maintenance/index.html');
  return (req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipped : html;
    res.writeHead(503, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
