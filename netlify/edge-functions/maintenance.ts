// The maintenance switch on Netlify's pages (docs/decisions/0006). On the Node server every page
// asks the switch (src/server/maintenance/page.ts); on Netlify the static pages come from the CDN
// without our function, so this edge function stands in front of every page: while the switch is
// on (`npm run admin -- maintenance on` with the site's DATABASE_URL) it answers the prebuilt
// 'We'll be back!' screen with 503, as the Node server does. No deploy is needed to turn it on or
// off. The switch is read from the API's health check (the API gates itself: /api/* is not
// covered here), at most once per TTL_MS per edge instance, so a visit costs no function call.
// Operators holding the cookie from the one-time link see the site: its signature is checked here
// as the server checks it (src/server/maintenance/state.ts isOperator: HMAC-SHA256 with APP_SECRET
// of `operator|<since>.<expires>`, for this maintenance and not expired), with Web Crypto; without
// APP_SECRET in the edge's environment no cookie passes. Whatever an operator is answered is
// `private, no-store` with no CDN header, so no cache keeps a page seen through maintenance.
// Standing in front of every page, it also keeps one address per page as the Node server does
// (src/server/http/server.ts): `/news/` is a 301 to `/news`, its query kept, whatever the site's
// Pretty URLs setting makes of the slash (the page is the file news.html: astro.config.mjs); for an
// on-demand page too (`/stores/1/`), which the adapter's function answers with its 404.
// Runs on Netlify's edge runtime (Deno): web APIs only, and no import from src/server.
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { CDN_HEADERS, PERSONAL_CACHE, pageCacheHeaders } from '../../src/lib/cache-policy.ts';

/** How long a read of the switch is trusted: pages follow the switch within this. */
export const TTL_MS = 5000;
/** The maintenance routes' cookie (src/server/maintenance/state.ts OPERATOR_COOKIE; a test holds them equal). */
export const OPERATOR_COOKIE = 'kf_operator';
/** As src/server/maintenance/state.ts RETRY_AFTER_SECONDS. */
const RETRY_AFTER = '300';

interface EdgeContext {
  next(): Promise<Response>;
}
declare const Netlify: { env: { get(name: string): string | undefined } } | undefined;

interface Switch {
  on: boolean;
  /** The maintenance the operator cookie must name (epoch ms); 0 when only MAINTENANCE=1 holds it on. */
  since: number;
}
let known: { at: number; state: Promise<Switch> } | undefined;

const env = (name: string) => (typeof Netlify === 'undefined' ? undefined : Netlify.env.get(name));

/** On when the API says so; off when it cannot tell (maintenance must not take the site down). */
async function readSwitch(origin: string): Promise<Switch> {
  try {
    const apiKey = env('PUBLIC_API_KEY') ?? DEFAULT_API_KEY;
    const answer = await fetch(`${origin}/api/v1/health`, { headers: { 'X-API-Key': apiKey } });
    const health = (await answer.json()) as { maintenance?: unknown; maintenance_since?: unknown };
    return { on: health.maintenance === true, since: Number(health.maintenance_since ?? 0) };
  } catch {
    return { on: false, since: 0 };
  }
}

function switchState(origin: string, now: number): Promise<Switch> {
  if (!known || now - known.at >= TTL_MS || now < known.at) known = { at: now, state: readSwitch(origin) };
  return known.state;
}

/** base64url (as Node's digest('base64url') writes it) to bytes; undefined when it is not. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length of 4n+1 is no base64 at all: atob throws on it, which must not fail the request.
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * True when the Cookie header holds an operator cookie the server signed for this maintenance and
 * not expired: `<since>.<expires>.<HMAC-SHA256(APP_SECRET, "operator|<since>.<expires>")>`.
 */
export async function isOperator(
  cookies: string | null,
  secret: string | undefined,
  state: Switch,
  now: number,
): Promise<boolean> {
  const value = cookies
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OPERATOR_COOKIE}=`))
    ?.slice(OPERATOR_COOKIE.length + 1);
  if (!value || !secret) return false;
  const [since, expires, signature, ...rest] = value.split('.');
  if (!since || !expires || !signature || rest.length) return false;
  if (Number(since) !== state.since || !(Number(expires) > now)) return false;
  const bytes = fromBase64Url(signature);
  if (!bytes) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  // verify compares in constant time.
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(`operator|${since}.${expires}`));
}

/** An answer to an operator: kept by no browser, proxy or CDN. */
function forOperator(answer: Response): Response {
  const headers = new Headers(answer.headers);
  for (const name of CDN_HEADERS) headers.delete(name);
  headers.set('Cache-Control', PERSONAL_CACHE);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * The 301 from a page's path with a trailing slash to the one without (GET and HEAD, as the Node
 * server), with the caching of a redirect; leading slashes collapsed, so `//host/` stays on this site.
 */
function withoutSlash(request: Request, url: URL): Response | undefined {
  const { pathname } = url;
  if (pathname === '/' || !pathname.endsWith('/')) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const bare = pathname.replace(/\/+$/, '').replace(/^\/+/, '/') || '/';
  return new Response(null, {
    status: 301,
    headers: { Location: `${bare}${url.search}`, ...pageCacheHeaders(bare, 301) },
  });
}

export default async function maintenance(request: Request, context: EdgeContext): Promise<Response> {
  const url = new URL(request.url);
  const now = Date.now();
  const state = await switchState(url.origin, now);
  // As on the Node server, the screen comes first: a page's other address is a page too.
  const page = async () => withoutSlash(request, url) ?? context.next();
  if (!state.on) return page();
  if (await isOperator(request.headers.get('cookie'), env('APP_SECRET'), state, now))
    return forOperator(await page());
  const screen = await fetch(new URL('/maintenance', url));
  const headers = new Headers(screen.headers);
  headers.set('Cache-Control', 'no-store');
  headers.set('Retry-After', RETRY_AFTER);
  return new Response(request.method === 'HEAD' ? null : screen.body, { status: 503, headers });
}

export const config = {
  path: '/*',
  // The API answers its own 503 (and the operator link); the screen and its assets always pass.
  excludedPath: ['/api/*', '/_astro/*', '/maintenance', '/maintenance/*', '/favicon.svg'],
};
