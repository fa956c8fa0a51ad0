// The headers of every answer Astro makes on request (on-demand pages, the 404 and 500 pages, and on
// Netlify the API too): Netlify applies its `_headers` file to static files only, so the function
// sets them itself; the Node server sets the same ones (src/server/http/headers.ts), from the same
// rules (src/lib/security-headers.ts), and the caching of each path (src/lib/cache-policy.ts): shared
// at the CDN for the pages that show stores, prices, offers and promotions, never for errors.
// Inside it: pages rendered from the database (the locator, store pages, offers) answer the 503 page
// src/pages/unavailable.astro while the database cannot serve (down, unreachable, disk full), like
// the API's 503 `unavailable`, rather than the 500 error page (whose status Astro fixes at 500).
// First of all, in a Netlify function (the adapter puts Netlify's context in locals): the runtime is
// told so (what it refuses there: src/server/netlify-refusals.ts), and the work the answer left running
// (the queue's run that a request kicked, such as the contact message's mails) is handed to the
// platform's waitUntil, so the instance is not frozen before it is done.

import { defineMiddleware, sequence } from 'astro:middleware';
import type { NetlifyLocals } from '@astrojs/netlify';
import { CDN_HEADERS, keepsOwnCaching, pageCacheHeaders } from './lib/cache-policy.ts';
import { HSTS, headersFor } from './lib/security-headers.ts';
import { isUnavailable } from './server/errors.ts';
import { runOnNetlify, settleDeferred } from './server/runtime.ts';

const netlifyFunction = defineMiddleware(async (context, next) => {
  const netlify = (context.locals as Partial<NetlifyLocals>).netlify?.context;
  if (!netlify) return next();
  runOnNetlify(netlify.deploy?.context);
  try {
    return await next();
  } finally {
    netlify.waitUntil?.(settleDeferred());
  }
});

const securityHeaders = defineMiddleware(async (context, next) => {
  const answer = await next();
  if (context.isPrerendered) return answer;
  const { pathname, protocol } = context.url;
  const headers: Record<string, string> = { ...headersFor(pathname) };
  if (protocol === 'https:') headers['Strict-Transport-Security'] = HSTS;
  const caching = pageCacheHeaders(pathname, answer.status);
  const set = (response: Response) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    if (!caching['Cache-Control']) return response; // an API answer keeps its own
    for (const name of CDN_HEADERS) response.headers.delete(name);
    // A personal answer (private, no-store) stays so, whatever the path's rule says; a redirect keeps its own.
    if (keepsOwnCaching(response.status, response.headers.get('cache-control'))) return response;
    for (const [name, value] of Object.entries(caching)) response.headers.set(name, value);
    return response;
  };
  try {
    return set(answer);
  } catch {
    // A Response.redirect() has headers that cannot change: send a copy.
    return set(new Response(answer.body, answer));
  }
});

const databaseOutage = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    console.error(`[pages] ${context.url.pathname}: the database is unavailable:`, (error as Error).message);
    return context.rewrite('/unavailable');
  }
});

export const onRequest = sequence(netlifyFunction, securityHeaders, databaseOutage);
