// The maintenance switch on Netlify's pages (docs/decisions/0006). On the Node server every page
// asks the switch (src/server/maintenance/page.ts); on Netlify the static pages come from the CDN
// without our function, so this edge function stands in front of every page: while the switch is
// on (`npm run admin -- maintenance on` with the site's DATABASE_URL) it answers the prebuilt
// 'We'll be back!' screen with 503, as the Node server does. No deploy is needed to turn it on or
// off. The switch is read from the API's health check (the API gates itself: /api/* is not
// covered here), at most once per TTL_MS per edge instance, so a visit costs no function call.
// Operators holding the cookie from the one-time link see the site; here only its presence is
// checked (the API checks its signature, and the pages hold nothing private).
// Runs on Netlify's edge runtime (Deno): web APIs only, and no import from src/server.
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';

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

let known: { at: number; on: Promise<boolean> } | undefined;

/** On when the API says so; off when it cannot tell (maintenance must not take the site down). */
async function readSwitch(origin: string): Promise<boolean> {
  try {
    const apiKey =
      (typeof Netlify === 'undefined' ? undefined : Netlify.env.get('PUBLIC_API_KEY')) ?? DEFAULT_API_KEY;
    const answer = await fetch(`${origin}/api/v1/health`, { headers: { 'X-API-Key': apiKey } });
    return ((await answer.json()) as { maintenance?: unknown }).maintenance === true;
  } catch {
    return false;
  }
}

function switchOn(origin: string, now: number): Promise<boolean> {
  if (!known || now - known.at >= TTL_MS || now < known.at) known = { at: now, on: readSwitch(origin) };
  return known.on;
}

const isOperator = (cookies: string | null) =>
  !!cookies?.split(';').some((part) => part.trim().startsWith(`${OPERATOR_COOKIE}=`));

export default async function maintenance(request: Request, context: EdgeContext): Promise<Response> {
  if (isOperator(request.headers.get('cookie'))) return context.next();
  const url = new URL(request.url);
  if (!(await switchOn(url.origin, Date.now()))) return context.next();
  const screen = await fetch(new URL('/maintenance/', url));
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
