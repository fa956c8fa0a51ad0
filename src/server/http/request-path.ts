// The one path the Node server reads (server.ts), before routing, maintenance, caching and security
// headers: every rule sees what Astro's router will see, so no spelling of an address reaches a page
// or the API past a rule written for its plain form (`/_astro/../stores` past maintenance,
// `/api\v1/me/profile` through Astro's endpoint with a page's caching). The target is rewritten to it.
// - `\` is `/` (as a browser's URL parser reads it); encoded unreserved characters are decoded
//   (unreserved.ts: `%2e` is a dot, `%61pi` is `api`); dot segments are removed (RFC 3986 5.2.4);
//   doubled slashes are one (as Astro matches routes);
// - refused (400): a target that is no path (`*`, `http:foo`), a raw `#` or control character, and
//   an encoded slash, backslash, percent sign or control character, which a reader decoding once
//   more (Astro's router decodes until nothing changes) would read as another path.
import type { ServerResponse } from 'node:http';
import { ERROR_CACHE } from '../../lib/cache-policy.ts';
import { hasControlCharacters } from '../../lib/control-characters.ts';
import { ERRORS, errorBody } from '../errors.ts';
import { withUnreservedDecoded } from './unreserved.ts';

const ABSOLUTE_FORM = /^https?:\/\//i;
const REFUSED_IN_PATH = /[ #]|%(?:[01][0-9a-f]|7f|25|2f|5c)/i;

/** RFC 3986 5.2.4 remove_dot_segments, for an absolute path. */
function withoutDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment === '.' || segment === '..') {
      if (last) out.push(''); // `/a/b/..` is `/a/`
      continue;
    }
    out.push(segment);
  }
  return `/${out.join('/')}`;
}

/**
 * The request target as the server reads it: the normal path and the query as sent (`?` and all,
 * or ''), or undefined when it must be refused. An absolute-form target (`GET http://host/x`) is
 * read for its path and query.
 */
export function readTarget(target = '/'): { path: string; search: string } | undefined {
  let origin = target;
  if (ABSOLUTE_FORM.test(target)) {
    try {
      const url = new URL(target);
      origin = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  if (!origin.startsWith('/')) return undefined;
  const mark = origin.indexOf('?');
  const raw = mark === -1 ? origin : origin.slice(0, mark);
  const search = mark === -1 ? '' : origin.slice(mark);
  if (REFUSED_IN_PATH.test(raw) || hasControlCharacters(raw)) return undefined;
  let path = withUnreservedDecoded(raw).replaceAll('\\', '/');
  if (path.includes('/.')) path = withoutDotSegments(path);
  return { path: path.replace(/\/{2,}/g, '/'), search };
}

/** The answer to a target readTarget refuses: 400, the API's JSON error, kept by no cache. */
export function refuseTarget(res: ServerResponse, head: boolean): void {
  const body = JSON.stringify(errorBody(ERRORS.invalidPath));
  res.writeHead(400, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': ERROR_CACHE,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(head ? undefined : body);
}
