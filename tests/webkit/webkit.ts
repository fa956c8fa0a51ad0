// WebKitGTK (Safari's engine) for the visitor journeys in tests/webkit: Debian's MiniBrowser under
// WebKitWebDriver, driven by WebdriverIO over classic WebDriver (WebKitGTK speaks no BiDi), with
// axe-core for the accessibility scan (docs/decisions/0017-browser-engines.md). Runs under xvfb-run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { remote } from 'webdriverio';
import { AXE_TAGS } from '../support/axe-rules.ts';
import { readOutbox } from '../support/outbox.ts';

export type Browser = WebdriverIO.Browser;

/** Debian's MiniBrowser (libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver), in its multiarch folder. */
const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER ??
  `/usr/lib/${({ x64: 'x86_64', arm64: 'aarch64' } as Record<string, string>)[process.arch] ?? process.arch}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;
/**
 * Longest WebKitWebDriver may take to start MiniBrowser for a new session: in one CI run MiniBrowser
 * never came up under xvfb, `POST /session` never answered and the test ran out of time in its set-up.
 */
export const NEW_SESSION_MS = 30_000;
/**
 * Longest a navigation may take (WebDriver's default is 300 s): in one CI run a navigation never
 * finished, and a stalled load wedges the session, so there is nothing to retry but to fail naming it.
 */
const PAGE_LOAD_MS = 30_000;
/** Playwright's "Desktop Safari" size, the page the Playwright specs' Safari would have. */
const VIEWPORT = { width: 1280, height: 720 };

export const baseURL = () => inject('baseURL');
/** The mail the server under test wrote to its outbox folder, oldest first. */
export const outbox = () => readOutbox(join(inject('dataDir'), 'outbox'));

/** A free port from the kernel for the driver. */
async function sparePort(): Promise<number> {
  const { sparePort: spare } = await import('../support/built-server.mjs');
  return (await spare()) as number;
}

/** WebKitWebDriver in a process group of its own, so stopping it stops the browsers it started. */
async function startDriver() {
  const port = await sparePort();
  const child = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      child.kill();
    }
    await exited;
  };
  for (let i = 0; i < 100 && running(); i++) {
    const up = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

const session = (port: number) =>
  remote({
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'silent', // a failing command throws; WebdriverIO's own retries need no report
    // A command that gets no answer fails; this file decides what is retried.
    connectionRetryCount: 0,
    connectionRetryTimeout: 60_000,
    capabilities: {
      // No BiDi: WebKitGTK refuses a session that asks for it ("Failed to match capabilities").
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      // An axe scan is one script; it takes seconds, many more on a busy 2-core machine.
      timeouts: { pageLoad: PAGE_LOAD_MS, script: 120_000 },
    } as unknown as WebdriverIO.Capabilities,
  });

/** Resolves `promise`, or rejects once `ms` have passed. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`${what}: no answer in ${ms / 1000} s`);
    }),
  ]);

/**
 * A MiniBrowser window on a driver of its own, the page sized as Desktop Safari's. A session that
 * does not come within NEW_SESSION_MS is asked for once more from a driver started again.
 */
export async function openWebKit(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  let driver = await startDriver();
  let browser: Browser;
  try {
    const asked = session(driver.port);
    asked.catch(() => {}); // the driver's stop below ends a request left waiting
    browser = await within(asked, NEW_SESSION_MS, 'WebKitWebDriver new session');
  } catch (error) {
    console.warn(`${(error as Error).message}; restarting the driver, asking once more`);
    await driver.stop();
    driver = await startDriver();
    browser = await within(session(driver.port), NEW_SESSION_MS, 'WebKitWebDriver new session');
  }
  // WebDriver sizes the window, not the page: size it, see what the page got, make up the difference.
  await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height);
  const [width, height] = await browser.execute(() => [window.innerWidth, window.innerHeight]);
  await browser.setWindowSize(2 * VIEWPORT.width - width, 2 * VIEWPORT.height - height);
  const stop = driver.stop;
  return {
    browser,
    close: async () => {
      await browser.deleteSession().catch(() => {});
      await stop();
    },
  };
}

/** A journey file's window: opened before its tests (handed to `use`), closed after them. */
export function withWebKit(use: (browser: Browser) => void): void {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openWebKit();
    close = opened.close;
    use(opened.browser);
  });
  afterAll(() => close?.());
}

/** Opens `path` of the site under test; a load that does not finish fails naming the address. */
export async function goto(browser: Browser, path: string) {
  const href = new URL(path, baseURL()).href;
  try {
    await browser.url(href);
  } catch (error) {
    throw new Error(`WebKit did not finish loading ${href} in ${PAGE_LOAD_MS / 1000} s`, { cause: error });
  }
}

/** The page's address without the site's origin ('/stores?q=jamestown'). */
export const path = async (browser: Browser) => {
  const url = new URL(await browser.getUrl());
  return url.pathname + url.search;
};

/** Waits until the page's address (path and query) matches `expected`. */
export const expectPath = (browser: Browser, expected: RegExp) =>
  expect.poll(() => path(browser)).toMatch(expected);

/** The text of each shown element `selector` matches, whitespace collapsed (hidden ones left out). */
export const shownTexts = (browser: Browser, selector: string): Promise<string[]> =>
  browser.execute(
    (sel) =>
      [...document.querySelectorAll(sel)]
        .filter((e) => e.checkVisibility())
        .map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()),
    selector,
  );

/** Whether the first element `selector` matches is shown (the page's own checkVisibility, looked up afresh). */
export const isShown = (browser: Browser, selector: string) =>
  browser.execute((sel) => document.querySelector(sel)?.checkVisibility() ?? false, selector);

/** Everything the page shows, as one string: for "this message is on the page". */
export const pageText = (browser: Browser) =>
  browser.execute(() => document.body.innerText.replace(/\s+/g, ' '));

/** Ticks the local human check (the stand-in the test server uses) and waits until it holds a token. */
export async function passHumanCheck(browser: Browser, scope: Browser | Chained = browser) {
  const box = scope.$('.human-check__input');
  await click(browser, box);
  await expect.poll(() => box.isSelected()).toBe(true);
}

/** Islands answer clicks only once hydrated; before that a click would submit the bare form. */
export const hydrated = (browser: Browser) =>
  expect.poll(() => browser.$$('astro-island[ssr]').length).toBe(0);

type Chained = ReturnType<Browser['$']>;

/**
 * Types `value` into the field, over what it held. WebDriver's clear sets the value behind React's
 * back (React puts its own back on the next event), so the text is selected and typed over instead.
 */
export async function fill(browser: Browser, field: Chained, value: string) {
  const el = await field;
  await click(browser, el);
  await browser.execute((input) => (input as unknown as HTMLInputElement).select(), el);
  if (value === '') await browser.keys('Backspace');
  else await el.addValue(value);
}

/** Scrolls the element to the middle of the window with the page's own scrollIntoView. */
export const scrollToCentre = (browser: Browser, el: WebdriverIO.Element) =>
  browser.execute((target) => (target as unknown as Element).scrollIntoView({ block: 'center' }), el);

/** What a click at the element's centre would reach: '' when the element itself, else that element's tag. */
const coveredBy = (browser: Browser, el: WebdriverIO.Element) =>
  browser.execute((target) => {
    const element = target as unknown as Element;
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit && element.contains(hit) ? '' : (hit?.outerHTML.slice(0, 160) ?? 'nothing');
  }, el);

/**
 * Clicks the element in the middle of the screen, clear of the sticky header, as a visitor would; while
 * something still covers it (a banner sliding in, a page settling), it is tried again, as Playwright
 * does. WebKitWebDriver at times calls a click on the account sidebar's Sign Out "intercepted" while the
 * page's own hit test finds the button on top: then a button or link is pressed with the keyboard.
 */
export async function click(browser: Browser, element: Chained | WebdriverIO.Element) {
  const el = (await element) as WebdriverIO.Element;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await scrollToCentre(browser, el);
      return await el.click();
    } catch (error) {
      if (!/intercepted|not interactable/.test(String(error))) throw error;
      const pressable = ['button', 'a'].includes(await el.getTagName());
      const cover = await coveredBy(browser, el);
      if (pressable && /intercepted/.test(String(error)) && cover === '') {
        await browser.execute((target) => (target as unknown as HTMLElement).focus(), el);
        return browser.keys('Enter');
      }
      if (Date.now() > deadline) throw new Error(`${error} (at its centre: ${cover})`, { cause: error });
      await sleep(200);
    }
  }
}

/** Chooses the option of a select with this value (or, given `{ label }`, this text). */
export async function choose(select: Chained, option: string | { label: string }) {
  const el = await select;
  await el.scrollIntoView({ block: 'center' });
  if (typeof option === 'string') await el.selectByAttribute('value', option);
  else await el.selectByVisibleText(option.label);
}

/** The first element `selector` matches whose text is `text` (whitespace collapsed). */
export const withText = (browser: Browser, selector: string, text: string) =>
  browser
    .$$(selector)
    .find(async (el) => (await el.getText()).replace(/\s+/g, ' ').trim() === text) as Promise<
    WebdriverIO.Element | undefined
  >;

/** Fills the named fields of `scope` from `values` (the sample modules' objects are keyed by name). */
export async function fillNamed(
  browser: Browser,
  scope: Browser | Chained,
  values: Record<string, unknown>,
  names: string[],
) {
  for (const name of names) {
    const field = scope.$(`[name="${name}"]`);
    const value = String(values[name] ?? '');
    if ((await field.getTagName()) === 'select') await choose(field, value);
    else await fill(browser, field, value);
  }
}

/** Presses keys as a visitor would (WebDriver's trusted input), one after another. */
export async function press(browser: Browser, ...keys: string[]) {
  for (const key of keys) await browser.keys(key);
}

/** Clicks the page at a point of the window (`x`, `y` in CSS pixels from its top left). */
export const clickAt = (browser: Browser, x: number, y: number) =>
  browser.action('pointer').move({ x, y, origin: 'viewport' }).down().up().perform();

/** axe-core's scan with the rules of every scan (AXE_TAGS); every violation listed with its elements. */
export async function expectNoAxeViolations(browser: Browser, include?: string) {
  // Injected through WebDriver: the site's CSP refuses axe's own `eval`, a WebDriver script is not subject to it.
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await browser.execute(`${source}\nreturn true;`);
  const violations = await browser.executeAsync(
    (tags: string[], include: string | null, done: (v: string[]) => void) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResult> } }).axe;
      type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
      axe
        .run(include ? { include: [[include]] } : document, { runOnly: { type: 'tag', values: tags } })
        .then((result) =>
          done(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),
        )
        .catch((error: Error) => done([`axe failed: ${error.message}`]));
    },
    AXE_TAGS,
    include ?? null,
  );
  expect(violations).toEqual([]);
}
