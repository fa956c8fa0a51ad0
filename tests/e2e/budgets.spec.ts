// Byte budgets of the build, checked in CI (bytes, never times): a content page's first visit
// (compressed HTML + CSS) fits one 14 KB round trip and loads no framework code; an interactive
// page loads at most 82 KB of JavaScript before any interaction, compressed as the server sends it
// (brotli). The figures come from the same measurement as `npm run bench` (bench/page-weight.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  CONTENT_PAGE_BUDGET,
  ISLAND_JS_BUDGET,
  isContentPage,
  kb,
  measureHtml,
  measurePages,
} from '../../bench/page-weight.ts';
import { distDir } from '../../src/server/http/dist-dir.ts';

test.describe('byte budgets of the build', () => {
  // Each test compresses every page of the build with brotli and gzip: seconds of CPU, which a busy
  // machine stretches past the default 30 s.
  test.describe.configure({ timeout: 180_000 });
  test('every content page fits 14 KB compressed and ships no framework JavaScript', async () => {
    const rows = (await measurePages(distDir('client'))).filter((row) => isContentPage(row.page));
    expect(rows.length).toBeGreaterThan(20);
    const over = rows
      .filter((row) => row.htmlCssGzip > CONTENT_PAGE_BUDGET)
      .map(
        (row) => `${row.page}: ${kb(row.htmlCssGzip)} gzip HTML + CSS (budget ${kb(CONTENT_PAGE_BUDGET)})`,
      );
    expect(over).toEqual([]);
    expect(rows.filter((row) => row.framework).map((row) => `${row.page}: framework JavaScript`)).toEqual([]);
  });

  test('every interactive page loads at most 82 KB of compressed JavaScript up front', async () => {
    const rows = (await measurePages(distDir('client'))).filter((row) => !isContentPage(row.page));
    expect(rows.some((row) => row.page.startsWith('/account/'))).toBe(true);
    const over = rows
      .filter((row) => row.jsBrotli > ISLAND_JS_BUDGET)
      .map((row) => `${row.page}: ${kb(row.jsBrotli)} brotli JavaScript (budget ${kb(ISLAND_JS_BUDGET)})`);
    expect(over).toEqual([]);
  });

  test('the pages rendered on each request keep their budgets too (the locator loads the map only later)', async ({
    request,
  }) => {
    // /specials is a content page rendered on each request: one round trip, no framework code.
    const specials = await measureHtml(
      distDir('client'),
      '/specials',
      await (await request.get('/specials')).body(),
    );
    expect(
      specials.htmlCssGzip,
      `/specials: ${kb(specials.htmlCssGzip)} gzip HTML + CSS`,
    ).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET);
    expect(specials.framework).toBe(false);
    for (const path of ['/stores', '/stores/1', '/frame/charge-card', '/frame/fleet-fueling']) {
      const row = await measureHtml(distDir('client'), path, await (await request.get(path)).body());
      expect(row.jsBrotli, `${path}: ${kb(row.jsBrotli)} brotli JavaScript up front`).toBeLessThanOrEqual(
        ISLAND_JS_BUDGET,
      );
    }
  });

  // The islands import the API's type only (src/features/session/api.ts); were a value import to slip
  // in, the server (Hono app, Kysely, argon2, siteverify) would be bundled into the browser's files.
  test('no server code reaches the browser JavaScript', () => {
    const folder = join(distDir('client'), '_astro');
    const scripts = readdirSync(folder).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const markers = ['invalid_api_key', 'selectFrom(', '@node-rs/argon2', 'siteverify', 'rate_limit_counts'];
    const found = scripts.flatMap((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      return markers.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
    });
    expect(found).toEqual([]);
  });
});
