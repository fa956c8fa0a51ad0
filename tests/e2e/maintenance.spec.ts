// The maintenance switch (product.md 2.6 'We'll be back!'): `npm run admin -- maintenance
// on` makes every page, prebuilt or rendered, answer the screen with 503 and the API 503 JSON within
// a second, without a restart; the operator's one-time link lets that browser see the site; `off`
// brings the site back. On a server of its own (its own port and data folder): the switch is
// site-wide and must not touch the other specs' server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { distDir } from '../../src/server/http/dist-dir.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../src/server/http/node-flags.ts';
import { admin } from '../support/admin.ts';
import { expectNoAxeViolations } from './axe.ts';

const HEADERS = { 'X-API-Key': 'kwikfill-public-web' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let server: ChildProcess;
let base: string;
let env: NodeJS.ProcessEnv;

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kwikfill-maintenance-')),
    KEYS_DIR: mkdtempSync(join(tmpdir(), 'kwikfill-maintenance-keys-')),
    SITE_URL: base,
    HUMAN_CHECK: 'local',
    ALLOW_STAND_INS: '1', // the server entry runs as production: the demo's stand-in, allowed
  };
  delete env.DATABASE_URL;
  delete env.MAINTENANCE;
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(distDir(''), SERVER_ENTRY)], {
    env,
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${base}/`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

const maintenance = (...args: string[]) => admin(['maintenance', ...args], env);

const statusOf = (request: APIRequestContext, path: string) =>
  request.get(`${base}${path}`, { headers: HEADERS, maxRedirects: 0 }).then((r) => r.status());

test('on: every page shows the screen and the API answers 503; the operator still sees the site; off: back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  expect(await statusOf(request, '/charities')).toBe(200);

  const on = await maintenance('on');
  expect(on).toContain('Maintenance is on since');
  const link = on.match(/https?:\/\/\S+\/api\/v1\/maintenance\/pass\?token=\S+/)?.[0];
  expect(link).toBeDefined();

  // Within a second, without a restart: a content page (a prebuilt file), /stores (rendered) and the API.
  await expect.poll(() => statusOf(request, '/charities'), { timeout: 10_000 }).toBe(503);
  for (const path of ['/charities', '/stores', '/account/login', '/no-such-page']) {
    const answer = await page.goto(`${base}${path}`);
    expect(answer?.status(), path).toBe(503);
    expect(answer?.headers()['retry-after']).toBe('300');
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be back!");
  }
  await expectNoAxeViolations(page);
  const store = await request.get(`${base}/api/v1/store?size=1`, { headers: HEADERS });
  expect(store.status()).toBe(503);
  expect((await store.json()).error.code).toBe('maintenance');
  const health = await request.get(`${base}/api/v1/health`, { headers: HEADERS });
  expect(await health.json()).toMatchObject({ ok: true, maintenance: true });
  expect(await maintenance('status')).toContain('Maintenance is on');

  // The operator opens the link once: this browser sees the site, pages and API alike.
  const operator = await browser.newContext();
  const operatorPage = await operator.newPage();
  const landed = await operatorPage.goto(link as string);
  expect(landed?.status()).toBe(200);
  expect(operatorPage.url()).toBe(`${base}/`);
  await operatorPage.goto(`${base}/stores`);
  await expect(operatorPage.getByRole('heading', { name: 'Stores near you' })).toBeVisible();
  await operatorPage.goto(`${base}/charities`);
  await expect(operatorPage.getByRole('heading', { level: 1 })).not.toHaveText("We'll be back!");
  expect((await operator.request.get(`${base}/api/v1/store?size=1`, { headers: HEADERS })).status()).toBe(
    200,
  );
  // The link worked once; another browser with it still sees the screen.
  const other = await browser.newContext();
  const reused = await (await other.newPage()).goto(link as string);
  expect(reused?.status()).toBe(403);
  expect((await other.request.get(`${base}/charities`)).status()).toBe(503);
  await other.close();

  // Off: back to normal for everyone.
  expect(await maintenance('off')).toContain('Maintenance is off');
  await expect.poll(() => statusOf(request, '/charities'), { timeout: 10_000 }).toBe(200);
  expect(await statusOf(request, '/api/v1/store?size=1')).toBe(200);
  const back = await page.goto(`${base}/stores`);
  expect(back?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Stores near you' })).toBeVisible();
  await operator.close();
});
