// The 'We'll be back!' screen (src/pages/maintenance.astro) as the Node server answers it for every
// page while the maintenance switch is on (state.ts): 503, Retry-After, never stored by a cache,
// with the screen's own Content-Security-Policy. Read and compressed once; the encoding is
// negotiated as for every prebuilt file (src/server/http/negotiate.ts).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import onHeaders from 'on-headers';
import { CDN_HEADERS, PERSONAL_CACHE } from '../../lib/cache-policy.ts';
import type { PagePolicies } from '../http/headers.ts';
import { pickEncoding } from '../http/negotiate.ts';
import { getDeps } from '../runtime.ts';
import { blockedByMaintenance, maintenanceState, RETRY_AFTER_SECONDS } from './state.ts';

/**
 * True when a page request must get the maintenance screen; the API answers for itself
 * (routes.ts). The build's assets (the screen's own CSS) always pass. Never throws: when the
 * database cannot tell, the site answers as usual. A page an operator sees through maintenance
 * (`res` given) goes out `private, no-store` without CDN headers: a CDN that kept it would show
 * the site to everyone while it is closed (docs/decisions/0018-edge-holds-the-day.md).
 */
export async function pageInMaintenance(
  path: string,
  cookieHeader: string | undefined,
  res?: ServerResponse,
): Promise<boolean> {
  if (path.startsWith('/_astro/') || path === '/favicon.svg') return false;
  try {
    const deps = await getDeps();
    if (await blockedByMaintenance(deps, path, cookieHeader)) return true;
    if (res && (await maintenanceState(deps)).on) onHeaders(res, () => keepPrivate(res));
    return false;
  } catch {
    return false;
  }
}

/** An answer no browser, proxy or CDN keeps: for what an operator sees through maintenance. */
export function keepPrivate(res: Pick<ServerResponse, 'removeHeader' | 'setHeader'>): void {
  for (const name of CDN_HEADERS) res.removeHeader(name);
  res.setHeader('Cache-Control', PERSONAL_CACHE);
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
