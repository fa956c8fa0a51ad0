// The 'We'll be back!' screen (src/pages/maintenance.astro) as the Node server answers it for every
// page while the maintenance switch is on (state.ts): 503, Retry-After, never stored by a cache,
// with the screen's own Content-Security-Policy. Read and compressed once; the encoding is
// negotiated as for every prebuilt file (src/server/http/negotiate.ts).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PagePolicies } from '../http/headers.ts';
import { pickEncoding } from '../http/negotiate.ts';
import { getDeps } from '../runtime.ts';
import { blockedByMaintenance, RETRY_AFTER_SECONDS } from './state.ts';

/**
 * True when a page request must get the maintenance screen; the API answers for itself
 * (routes.ts). The build's assets (the screen's own CSS) always pass. Never throws: when the
 * database cannot tell, the site answers as usual.
 */
export async function pageInMaintenance(path: string, cookieHeader: string | undefined): Promise<boolean> {
  if (path.startsWith('/_astro/') || path === '/favicon.svg') return false;
  try {
    return !!(await blockedByMaintenance(await getDeps(), path, cookieHeader));
  } catch {
    return false;
  }
}

/** The screen's answer, for the built client folder. */
export function maintenanceScreen(clientDir: string, policies: PagePolicies) {
  const identity = readFileSync(join(clientDir, 'maintenance', 'index.html'));
  const copies = { gzip: gzipSync(identity), identity };
  const policy = policies.get('/maintenance/index.html');
  return (req: IncomingMessage, res: ServerResponse): void => {
    const encoding = pickEncoding(req, copies);
    const body = encoding ? copies[encoding as keyof typeof copies] : identity;
    res.writeHead(503, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(RETRY_AFTER_SECONDS),
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
      ...(encoding === 'gzip' ? { 'Content-Encoding': 'gzip' } : {}),
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
