// Every /api/v1 request, whatever its method, goes to the Hono app (src/server/app.ts) through
// this endpoint on Netlify and under `astro dev`. The Node server (src/server/http/server.ts) does not come
// here: it binds the app directly (src/server/http/api-binding.ts).
import type { APIContext, APIRoute } from 'astro';
import { answerApi } from '../../../server/runtime.ts';

export const prerender = false;

/** The socket's address; Astro throws when an adapter cannot tell it. */
function clientAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export const ALL: APIRoute = (context) =>
  answerApi(context.request, { clientAddress: clientAddress(context) });
