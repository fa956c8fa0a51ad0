// Pages rendered on request from the database (the locator, store pages, offers): while the database
// cannot serve (down, unreachable, disk full) they answer the 503 page src/pages/unavailable.astro,
// like the API's 503 `unavailable`, rather than the 500 error page (whose status Astro fixes at 500).
import { defineMiddleware } from 'astro:middleware';
import { isUnavailable } from './server/errors';

export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    console.error(`[pages] ${context.url.pathname}: the database is unavailable:`, (error as Error).message);
    return context.rewrite('/unavailable');
  }
});
