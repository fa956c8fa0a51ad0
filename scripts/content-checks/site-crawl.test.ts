import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawlSite, pagePath } from './site-crawl.ts';

const head = (
  title = 'A page of the site',
  description = 'A description long enough for search results and previews.',
) => `<head><title>${title}</title><meta name="description" content="${description}"></head>`;

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'crawl-'));
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

describe('the crawler over the built pages', () => {
  it('accepts links to pages, files, anchors and on-demand routes', () => {
    const dir = site({
      'index.html': `<html>${head()}<body><a href="/news">News</a><a href="/news#latest">Latest</a><a href="#top">Top</a>
        <a href="/stores/12">Store</a><a href="/media/a.svg">Art</a><a href="https://elsewhere.example/x">Out</a>
        <a href="tel:+18004433440">Call</a><img src="/media/a.svg" alt="Art"><span id="top"></span></body></html>`,
      'news/index.html': `<html>${head()}<body><h2 id="latest">Latest</h2></body></html>`,
      'media/a.svg': '<svg/>',
    });
    expect(crawlSite(dir)).toEqual([]);
  });

  it('finds a missing page, a missing anchor and an unmarked empty alt', () => {
    const dir = site({
      'index.html': `<html>${head()}<body><a href="/gone">Gone</a><a href="/news#nope">Nope</a>
        <img src="/a.png" alt=""><span aria-hidden="true"><img src="/b.png" alt=""></span><img src="/c.png"></body></html>`,
      'news/index.html': `<html>${head()}<body></body></html>`,
      'a.png': '',
      'b.png': '',
      'c.png': '',
    });
    expect(crawlSite(dir).map((finding) => finding.problem)).toEqual([
      'image /a.png has alt="" but is not marked decorative (aria-hidden="true")',
      'image /c.png has no alt attribute',
      'link to /gone: no such page or file',
      'link to /news#nope: no element with id "nope"',
    ]);
  });

  it('wants a title and a description of a sensible length', () => {
    const dir = site({ 'short/index.html': `<html>${head('Short', 'Too short.')}<body></body></html>` });
    expect(crawlSite(dir)).toEqual([
      { page: '/short', problem: 'title "Short" has 5 characters (10 to 70)' },
      { page: '/short', problem: 'description has 10 characters (50 to 160): "Too short."' },
    ]);
  });

  it('names pages by their address', () => {
    expect(pagePath('/d', '/d/index.html')).toBe('/');
    expect(pagePath('/d', '/d/404.html')).toBe('/404');
    expect(pagePath('/d', '/d/fleet-fueling.html/index.html')).toBe('/fleet-fueling.html');
  });
});
