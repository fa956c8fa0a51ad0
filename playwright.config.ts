// Browser tests drive the system browsers: Debian's `chromium-headless-shell` (Chromium's old headless
// mode, Playwright's own default for headless runs: a third less processor time than `chromium`), and
// `firefox-esr` for the journeys tagged @engines (WebKitGTK runs the same journeys in tests/webkit,
// through WebdriverIO: docs/decisions/0017-browser-engines.md). No browser is ever downloaded.
// The server under test is the production build, started on its own port with its own data folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { distDir } from './src/server/http/dist-dir.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './src/server/http/node-flags.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kwikfill-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config: keep one folder per run

export default defineConfig({
  testDir: 'tests/e2e',
  // The editing UI's test runs against `astro dev` in a copy: playwright.editing.config.ts.
  testIgnore: /editing-ui\.spec\.ts$/,
  fullyParallel: true,
  // Both cores, in CI and out: much of a test is waiting (the forms' dwell, the server, hydration), so
  // a second worker runs in those waits; Playwright's default, half the cores, is one worker here.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Generous for a busy 2-core machine (hydration, server answers); axe scans add their own time
  // (tests/e2e/axe.ts). No test measures speed: that is for benchmarks (`npm run bench`).
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace: recording one (a DOM snapshot at every step of every test, kept or not) took a fifth
    // of the suite's processor time. To see a failure step by step: `npx playwright test <spec> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
    // The visitor journeys tagged @engines in another engine (docs/decisions/0017-browser-engines.md):
    // Debian's firefox-esr over WebDriver BiDi, through the shim that smooths what ESR's BiDi lacks.
    {
      name: 'firefox',
      use: {
        browserName: 'firefox',
        viewport: devices['Desktop Firefox'].viewport,
        channel: 'moz-firefox',
        // Headed, under xvfb-run (`npm run test:engines`): headless Firefox has no WebGL for the map.
        headless: false,
        launchOptions: {
          executablePath: join(import.meta.dirname, 'tests/support/firefox-bidi.mjs'),
          firefoxUserPrefs: { 'webgl.force-enabled': true },
        },
      },
      grep: /@engines/,
      // BiDi round trips are slower than Chromium's CDP ones; a busy machine makes them slower still.
      timeout: 90_000,
      expect: { timeout: 20_000 },
    },
  ],
  webServer: {
    // Seeding is a step of its own, as under `npm start`: the server itself never seeds.
    command: `npm run seed -- --if-empty && node ${SERVER_NODE_FLAGS.join(' ')} ${join(distDir(''), SERVER_ENTRY)}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The local demo setup: sample data and the local human-check stand-in, as `npm start` uses.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Beside the data folder, not in it, as in production (`keys/` beside `data/`).
      KEYS_DIR: `${dataDir}-keys`,
      SEED_SAMPLE_DATA: '1',
      HUMAN_CHECK: 'local',
      GIFT_CARD_PROVIDER: 'local',
      RECRUITING_ASSISTANT: 'local',
      ALLOW_STAND_INS: '1',
      SITE_URL: 'http://localhost:4321',
    },
  },
});
