// The production server (scripts/serve.mjs): precompressed pages, caching, and that it never serves
// a file from outside the build.
import { expect, test } from '@playwright/test';

test('pages go out precompressed, with revalidation and security headers', async ({ request }) => {
  const cases: [accept: string, encoding: string][] = [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ];
  for (const [accept, encoding] of cases) {
    const answer = await request.get('/news', { headers: { 'Accept-Encoding': accept } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-encoding']).toBe(encoding);
    expect(answer.headers()['cache-control']).toBe('public, no-cache');
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    expect(await answer.text()).toContain('<h1');
  }
});

test('hashed assets are cached for a year, and a repeat visit gets 304', async ({ request }) => {
  const page = await (await request.get('/news')).text();
  const asset = page.match(/\/_astro\/[^"']+\.(css|js)/)?.[0];
  expect(asset).toBeTruthy();
  const first = await request.get(asset as string);
  expect(first.headers()['cache-control']).toContain('immutable');
  const again = await request.get(asset as string, {
    headers: { 'If-None-Match': first.headers().etag ?? '' },
  });
  expect(again.status()).toBe(304);
});

test('paths that climb out of the build are not served', async ({ request }) => {
  for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/../server/entry.mjs']) {
    const answer = await request.get(path);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('"devDependencies"');
  }
});
