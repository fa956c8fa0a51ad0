// The production server as `npm start` runs it: it starts on a fresh data folder, answers pages and
// the API, and stops cleanly on SIGTERM (exit 0), keeping its data for the next start.
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';

let server: BuiltServer | undefined;
afterAll(() => server?.close());

it('starts, answers, stops on SIGTERM with exit 0 and starts again on the same data', async () => {
  server = await startBuiltServer({ seed: true });
  const health = await fetch(`${server.base}/api/v1/health`, {
    headers: { 'X-API-Key': DEFAULT_API_KEY },
  });
  expect(health.status).toBe(200);
  const page = await fetch(`${server.base}/stores/1`);
  expect(page.status).toBe(200);
  expect(await server.stop()).toBe(0);
  server = await server.restart();
  expect((await fetch(`${server.base}/stores/1`)).status).toBe(200);
});

// Whatever NODE_ENV it is given (a test runner's `test`, a host's `development`), the built server
// renders as production: React's production build, and none of Astro's development attributes.
it('renders pages as production whatever NODE_ENV it is started with', async () => {
  const dev = await startBuiltServer({ seed: true, env: { NODE_ENV: 'development' } });
  try {
    const page = await fetch(`${dev.base}/frame/charge-card`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.includes('<astro-island'), 'an island in the page').toBe(true);
    expect(html.includes('server-render-time'), 'development attributes in the page').toBe(false);
  } finally {
    await dev.close();
  }
});
