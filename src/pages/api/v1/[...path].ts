// Every /api/v1 request, whatever its method, goes to the Hono app (src/server/app.ts).
import type { APIContext, APIRoute } from 'astro';
import { getApp } from '../../../server/runtime';

export const prerender = false;

/** The socket's address; Astro throws when an adapter cannot tell it. */
function clientAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export const ALL: APIRoute = async (context) => {
  let app: Awaited<ReturnType<typeof getApp>>;
  try {
    app = await getApp();
  } catch (error) {
    console.error('[api] the API could not start:', error);
    return Response.json(
      { error: { code: 'unavailable', description: 'The service is unavailable. Please try again later.' } },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return app.fetch(context.request, { clientAddress: clientAddress(context) });
};
