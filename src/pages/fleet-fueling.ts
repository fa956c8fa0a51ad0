// /fleet-fueling is a full-page redirect to the static program page (product.md 2.1), answered by the
// server on each request so the browser sees a real HTTP redirect rather than a meta refresh.
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = () =>
  new Response(null, {
    status: 302,
    headers: { Location: '/fleet-fueling.html', 'Cache-Control': 'no-cache' },
  });
