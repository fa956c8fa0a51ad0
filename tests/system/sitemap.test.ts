// The sitemaps of the BUILT site (@astrojs/sitemap's for the prebuilt pages, /sitemap-stores.xml for
// the store pages) list only canonical pages that answer 200 and may be indexed: every address they
// name is fetched from the built server and must answer 200 itself (no redirect), carry no noindex,
// and name itself in its canonical link. One address per page: the same path with a trailing slash
// is a 301 to it, its query kept (src/server/http/server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ seed: true });
});
afterAll(() => server?.close());

/** The address as the sitemap names it (the build's SITE_URL), asked of the built server. */
const local = (address: string) => {
  const url = new URL(address);
  return `${server.base}${url.pathname}${url.search}`;
};
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');

describe('the sitemaps', () => {
  it('list only pages that answer 200, may be indexed and are their own canonical address', async () => {
    const index = await fetch(`${server.base}/sitemap-index.xml`);
    expect(index.status).toBe(200);
    const sitemaps = locations(await index.text());
    expect(sitemaps.some((address) => address.endsWith('/sitemap-stores.xml'))).toBe(true);
    const pages: string[] = [];
    for (const sitemap of sitemaps) {
      const answer = await fetch(local(sitemap));
      expect(answer.status, sitemap).toBe(200);
      pages.push(...locations(await answer.text()));
    }
    expect(pages.length).toBeGreaterThan(300); // the prebuilt pages and the 300 sample stores
    expect(pages.filter((page, i) => pages.indexOf(page) !== i)).toEqual([]); // one listing each
    const wrong: string[] = [];
    for (const page of pages) {
      const answer = await fetch(local(page), { redirect: 'manual' });
      const html = await answer.text();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      const noindex =
        /<meta[^>]+name="robots"[^>]+noindex/i.test(html) ||
        /noindex/i.test(answer.headers.get('x-robots-tag') ?? '');
      if (answer.status !== 200) wrong.push(`${page}: ${answer.status}`);
      else if (noindex) wrong.push(`${page}: noindex`);
      else if (canonical !== page) wrong.push(`${page}: canonical ${canonical}`);
    }
    expect(wrong).toEqual([]);
  });

  it('leave out the /page/ copies, which name the bare slug as their canonical address', async () => {
    const copy = await fetch(`${server.base}/page/news`);
    expect(copy.status).toBe(200);
    expect(await copy.text()).toContain('<link rel="canonical" href="http://localhost:4321/news">');
  });

  it('name each page at one address: with a trailing slash, a permanent redirect to it, its query kept', async () => {
    for (const [asked, to] of [
      ['/news/', '/news'],
      ['/help/faq/?q=1', '/help/faq?q=1'],
      ['/stores/1/', '/stores/1'],
      ['/stores/?q=Bradford', '/stores?q=Bradford'],
      ['/account/login/', '/account/login'],
    ] as const) {
      const answer = await fetch(`${server.base}${asked}`, { redirect: 'manual' });
      expect(answer.status, asked).toBe(301);
      expect(answer.headers.get('location'), asked).toBe(to);
      expect(answer.headers.get('cache-control'), asked).toMatch(/^(no-cache|private, no-store)$/);
    }
    const news = await fetch(`${server.base}/news`, { redirect: 'manual' });
    expect(news.status).toBe(200);
    expect(await news.text()).toContain('<link rel="canonical" href="http://localhost:4321/news">');
  });

  it('answer /giveaway/rules with a redirect that says how it may be kept', async () => {
    const rules = await fetch(`${server.base}/giveaway/rules`, { redirect: 'manual' });
    expect(rules.status).toBe(302);
    expect(rules.headers.get('cache-control')).toBe('no-cache');
  });
});
