// The headers of every answer Astro makes on request (on-demand pages, the 404 and 500 pages, and on
// Netlify the API too): Netlify applies its `_headers` file to static files only, so the function
// sets them itself; the Node server sets the same ones (scripts/serve-headers.mjs), from the same
// rules (src/lib/security-headers.mjs).
import { defineMiddleware } from 'astro:middleware';
import { HSTS, headersFor, isPersonal, PERSONAL_CACHE } from './lib/security-headers.mjs';

export const onRequest = defineMiddleware(async (context, next) => {
  const answer = await next();
  if (context.isPrerendered) return answer;
  const { pathname, protocol } = context.url;
  const headers: Record<string, string> = { ...headersFor(pathname) };
  if (protocol === 'https:') headers['Strict-Transport-Security'] = HSTS;
  if (isPersonal(pathname)) headers['Cache-Control'] = PERSONAL_CACHE;
  const set = (response: Response) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
  try {
    return set(answer);
  } catch {
    // A Response.redirect() has headers that cannot change: send a copy.
    return set(new Response(answer.body, answer));
  }
});
