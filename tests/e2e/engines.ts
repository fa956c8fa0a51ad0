// The `test` of the specs holding the journeys tagged @engines: Playwright's own, but in the `webkit`
// project's run (E2E_ENGINE=webkit, set by `npm run test:engines`) its `page` is WebKitGTK over
// classic WebDriver (tests/support/webkit-page.mjs). A project cannot swap a fixture, so the run
// chooses (docs/decisions/0017-browser-engines.md).
import { type Browser, test as base, type Page } from '@playwright/test';
import { NEW_SESSION_MS, newWebKitPage, startDriver } from '../support/webkit-page.mjs';

type WebKitDriver = Awaited<ReturnType<typeof startDriver>>;

/** WebKitWebDriver's port: past the server's own (E2E_PORT) and a manual server's (+100), one per worker. */
const driverPort = (workerIndex: number) => Number(process.env.E2E_PORT ?? 4399) + 300 + workerIndex;

const webkit = base.extend<object, { webkitDriver: WebKitDriver }>({
  webkitDriver: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use, workerInfo) => {
      const driver = await startDriver(driverPort(workerInfo.workerIndex));
      await use(driver);
      await driver.stop();
    },
    { scope: 'worker' },
  ],
  // For the journeys that keep one page across tests (browser.newContext() in beforeAll): contexts
  // whose pages are WebKit windows, with Playwright's API client as their `request`.
  browser: [
    async ({ webkitDriver, playwright }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      // Actions wait as Playwright's do, up to the test's own time; assertions bring their timeout.
      const timeout = workerInfo.project.timeout;
      const newContext = async () => {
        const request = await playwright.request.newContext({ baseURL });
        const pages: { close(): Promise<void> }[] = [];
        return {
          newPage: async () => {
            const page = await newWebKitPage(webkitDriver, {
              baseURL,
              viewport,
              timeout,
              expectTimeout: timeout,
              request,
            });
            pages.push(page);
            return page;
          },
          close: async () => {
            await Promise.all(pages.map((page) => page.close()));
            await request.dispose();
          },
        };
      };
      await use({ newContext } as unknown as Browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ webkitDriver, baseURL, viewport, request }, use, testInfo) => {
    const timeout = testInfo.project.timeout;
    const page = await newWebKitPage(webkitDriver, {
      baseURL,
      viewport,
      timeout,
      expectTimeout: timeout,
      request,
      // A session asked for again (webkit-page.mjs newSession) gets the time it took, and its own.
      onRetry: () => testInfo.setTimeout(testInfo.timeout + 2 * NEW_SESSION_MS),
    });
    await use(page as unknown as Page);
    await page.close();
  },
});

/** Without E2E_ENGINE the `webkit` project would quietly run Chromium under WebKit's name. */
const guarded = base.extend<{ engineGuard: undefined }>({
  engineGuard: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use, testInfo) => {
      if (testInfo.project.name === 'webkit')
        throw new Error('The webkit project runs with E2E_ENGINE=webkit, as `npm run test:engines` runs it');
      await use(undefined);
    },
    { auto: true },
  ],
});

// Typed as Playwright's own `test`: the specs see the fixtures they always had.
export const test = (process.env.E2E_ENGINE === 'webkit' ? webkit : guarded) as unknown as typeof base;
