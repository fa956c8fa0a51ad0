// Every store page in a sitemap, from the database at request time (an import adds its stores at
// once). The sitemap index that @astrojs/sitemap builds for the prebuilt pages links to it.
import type { APIRoute } from 'astro';
import { storeSitemap } from '../features/locator/page.server.ts';

export const prerender = false;

export const GET: APIRoute = async ({ site, url }) =>
  new Response(await storeSitemap(site?.href ?? url.origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
