// Every /api/v1 request, whatever its method, goes to the Hono app (src/server/app.ts) through
// this endpoint on Netlify and under `astro dev`. The Node server (src/server/http/server.ts) does not come
// here: it binds the app directly (src/server/http/api-binding.ts), and a request that reaches this
// endpoint there anyway (a spelling of /api/v1 its rules did not read as the API) is refused, 400.
import type { APIContext, APIRoute } from 'astro';
import { ERROR_CACHE } from '../../../lib/cache-policy.ts';
import { ERRORS, errorBody } from '../../../server/errors.ts';
import { underNodeServer } from '../../../server/http/node-server-mark.ts';
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
  underNodeServer()
    ? Response.json(errorBody(ERRORS.invalidPath), { status: 400, headers: { 'Cache-Control': ERROR_CACHE } })
    : answerApi(context.request, { clientAddress: clientAddress(context) });
