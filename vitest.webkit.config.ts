// The visitor journeys in WebKitGTK (tests/webkit, docs/decisions/0017-browser-engines.md): WebdriverIO
// on Debian's WebKitWebDriver, against the built site (`npm run build` first) with the sample data,
// started once for the run (tests/webkit/server.ts). Under xvfb-run, one browser at a time: `npm run test:engines`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/webkit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/webkit/server.ts'],
    fileParallelism: false,
    // A journey is many WebDriver round trips, the form dwell waits and axe scans on a busy 2-core machine.
    testTimeout: 180_000,
    // A new session may be asked for twice (tests/webkit/webkit.ts NEW_SESSION_MS).
    hookTimeout: 90_000,
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
