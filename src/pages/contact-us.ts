// /contact-us, an address the old site's content linked to (product.md 2.8), is a permanent redirect to
// the contact form, answered on each request so browsers and search engines see a real 301.
// On Netlify a rule in netlify.toml answers it before the function is called.
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/help' } });
