// The editing UI's browser test (tests/e2e/editing-ui.spec.ts): Keystatic in `astro dev` (local mode),
// run in a temporary copy of the project (tests/support/editing-copy.mjs), so what the test saves
// never touches the checkout. `npm run test:e2e` runs it after the main browser tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const port = Number(process.env.EDITING_E2E_PORT ?? 4424);
const copyDir = process.env.EDITING_COPY_DIR ?? mkdtempSync(join(tmpdir(), 'kwikfill-editing-'));
process.env.EDITING_COPY_DIR = copyDir; // workers re-read this config: keep one copy per run

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /editing-ui\.spec\.ts$/,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // The test saves through the UI and then builds the copy: minutes on a busy 2-core machine.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1280, height: 900 } },
  webServer: {
    command: `node tests/support/editing-copy.mjs ${copyDir} && cd ${copyDir} && node_modules/.bin/astro dev --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/keystatic`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { HUMAN_CHECK: 'local', ASTRO_CACHE_DIR: join(copyDir, '.astro-cache') },
  },
});
