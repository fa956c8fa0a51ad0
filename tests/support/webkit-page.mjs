// A Playwright-shaped `page` on WebKitGTK, driven over classic W3C WebDriver (WebKitWebDriver with
// MiniBrowser), for the journeys tagged @engines in the `webkit` project (docs/decisions/0017-browser-engines.md).
// Playwright cannot drive WebKitGTK itself (no BiDi, no patched build), so this object implements the
// part of Page and Locator the journeys use. Selectors are Playwright's own: its injected script (the
// one playwright-core evaluates in every page) is installed in each document and resolves them, and
// `_expect` polls that script's `expect`, the call Playwright's server makes, so `@playwright/test`'s
// matchers run unchanged. Clicks, typing and pointer strokes are WebDriver's trusted input.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** Debian's MiniBrowser (libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver), in its multiarch folder. */
const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER ??
  `/usr/lib/${{ x64: 'x86_64', arm64: 'aarch64' }[process.arch] ?? process.arch}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;
/** In the page: a result WebDriver can send back (Playwright gives undefined for a window or a cycle). */
const keepable = `(value) => {
  if (value instanceof Window || value instanceof Document) return { value: undefined };
  if (value && typeof value === 'object' && !(value instanceof Node) && !Array.isArray(value)) {
    try { JSON.stringify(value); } catch { return { value: undefined }; }
  }
  return { value };
}`;
/** Between two looks at the page while waiting for it; WebDriver has no events to wait on. */
const POLL_MS = 100;
/**
 * Longest a navigation may take to load (WebDriver's own default is 300 s, past any test's time). In
 * one CI run (2026-11-28) a navigation to a prebuilt page never finished, and the test ran out of time
 * with WebDriver's empty "unknown error". A stalled load also wedges WebKitWebDriver's session: every
 * later command, another navigation too, answers `timeout` (tried by hand), so there is nothing to retry.
 */
const PAGE_LOAD_MS = 30_000;

/** axe-core's browser build, the one @axe-core/playwright injects (its own dependency). */
const axeSourcePath = () =>
  createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js');

let injectedSource;
/** Playwright's injected script, as playwright-core embeds it (a string literal in its bundle). */
function injectedScriptSource() {
  if (injectedSource) return injectedSource;
  const bundle = readFileSync(
    join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const start = bundle.indexOf("source5 = '\\nvar __commonJS");
  if (start < 0) throw new Error('Playwright’s injected script was not found in playwright-core');
  const end = bundle.indexOf("';\n", start);
  injectedSource = new Function(`return ${bundle.slice(start + 'source5 = '.length, end + 1)}`)();
  return injectedSource;
}

function installScript(initScripts = []) {
  const options = {
    isUnderTest: false,
    sdkLanguage: 'javascript',
    frameSeq: 0,
    testIdAttributeName: 'data-testid',
    stableRafCount: 1,
    browserName: 'webkit',
    shouldPrependErrorPrefix: true,
    isUtilityWorld: false,
    customEngines: [],
  };
  // Answers are recorded as they arrive, for waitForResponse: WebDriver classic sees no network.
  return `if (!window.__kfPw) {
    const module = {};
    ${injectedScriptSource()}
    window.__kfPw = new (module.exports.InjectedScript())(globalThis, ${JSON.stringify(options)});
    const log = (window.__kfResponses = []);
    const fetch0 = window.fetch;
    window.fetch = async function (input, init) {
      const method = (init && init.method) || (input && input.method) || 'GET';
      const response = await fetch0.call(this, input, init);
      log.push({ url: response.url, status: response.status, method, at: Date.now() });
      return response;
    };
    const open0 = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (method, ...rest) {
      this.addEventListener('loadend', () => log.push({ url: this.responseURL, status: this.status, method, at: Date.now() }));
      return open0.call(this, method, ...rest);
    };
    ${initScripts.map((source) => `(${source})();`).join('\n')}
  }`;
}

/** A WebDriver call; errors carry WebDriver's error code. `signal` ends a call that never answers. */
async function wd(base, method, path, body, signal) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const json = await res.json();
  if (!res.ok) {
    const error = new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    error.code = json.value?.error;
    error.pageMessage = json.value?.message;
    throw error;
  }
  return json.value;
}

/**
 * Starts WebKitWebDriver (it needs a display: the run is under xvfb-run) and waits until it answers.
 * In a process group of its own, so that stopping it also stops the MiniBrowser windows it started.
 */
async function launchDriver(port) {
  const child = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const base = `http://127.0.0.1:${port}`;
  // Stopped and waited for, so no exited driver is left behind unreaped.
  const stop = () =>
    new Promise((resolve) => {
      if (exited()) return resolve(undefined);
      child.once('exit', resolve);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill(); // the group is gone already: the driver alone
      }
    });
  for (let i = 0; i < 200 && !exited(); i++) {
    try {
      await wd(base, 'GET', '/status');
      return { base, stop };
    } catch {
      await sleep(POLL_MS);
    }
  }
  await stop();
  throw new Error(`WebKitWebDriver did not answer on port ${port}${exited() ? ' (it exited)' : ''}`);
}

/**
 * A worker's WebKitWebDriver on `port`: its `base` URL, the `sessions` open on it (newSession adds,
 * WebKitPage.close removes), `restart()` (stopped and started again on the same port: newSession)
 * and `stop()`.
 */
export async function startDriver(port) {
  let current = await launchDriver(port);
  return {
    get base() {
      return current.base;
    },
    sessions: new Set(),
    async restart() {
      await current.stop();
      current = await launchDriver(port);
    },
    stop: () => current.stop(),
  };
}

/**
 * Longest WebKitWebDriver may take to start MiniBrowser for a new session. In one CI run (2026-11-28)
 * MiniBrowser never came up under xvfb, `POST /session` never answered, and the test ran out of time
 * in its set-up.
 */
export const NEW_SESSION_MS = 30_000;

/** A call that never reached a WebDriver answer: no answer in time, or the connection dropped. */
const noAnswer = (error) => error?.name === 'TimeoutError' || (error instanceof TypeError && !error.code);

/**
 * A new WebDriver session on `driver` (startDriver). One that does not come within `timeoutMs`, or
 * whose connection the driver drops, is asked for once more (within `retryTimeoutMs`) from the
 * driver stopped and started again, when no other session of the worker is open on it: a restart
 * ends every window of the driver, and no page exists yet before its session. `onRetry` is told
 * first (the page fixture gives its test the time the retry takes). A WebDriver error answer (a
 * wrong binary, say) is final: a restart would not change it. Answers the session's id.
 */
export async function newSession(
  driver,
  capabilities,
  { timeoutMs = NEW_SESSION_MS, retryTimeoutMs = NEW_SESSION_MS, onRetry = () => {} } = {},
) {
  const ask = async (limit) => {
    const { sessionId } = await wd(
      driver.base,
      'POST',
      '/session',
      { capabilities },
      AbortSignal.timeout(limit),
    );
    driver.sessions.add(sessionId);
    return sessionId;
  };
  try {
    return await ask(timeoutMs);
  } catch (error) {
    if (!noAnswer(error) || driver.sessions.size > 0) throw error;
    console.warn(
      `WebKitWebDriver: no new session (${error.message}); restarting the driver, asking once more`,
    );
    onRetry();
    await driver.restart();
    return await ask(retryTimeoutMs);
  }
}

/** A new MiniBrowser window under automation (on `driver`: startDriver), as a Playwright-shaped page. */
export async function newWebKitPage(
  driver,
  { baseURL, viewport, timeout, expectTimeout, request, onRetry = () => {} },
) {
  const sessionId = await newSession(
    driver,
    {
      alwaysMatch: {
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        timeouts: { pageLoad: PAGE_LOAD_MS },
      },
    },
    { onRetry },
  );
  const page = new WebKitPage(`${driver.base}/session/${sessionId}`, { baseURL, timeout, expectTimeout });
  page._closed = () => driver.sessions.delete(sessionId);
  // Playwright's own API client (the `request` fixture), as `page.request` is in Playwright.
  page.request = request;
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

const KEYS = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  Space: ' ',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
};
const keyOf = (key) => KEYS[key] ?? key;

const escapeAttr = (value, exact) =>
  typeof value === 'string'
    ? `"${value.replace(/\\/g, '\\\\').replace(/["]/g, '\\"')}"${exact ? 's' : 'i'}`
    : escapeRegexForSelector(value);
const escapeText = (value, exact) =>
  typeof value === 'string' ? `${JSON.stringify(value)}${exact ? 's' : 'i'}` : escapeRegexForSelector(value);
function escapeRegexForSelector(re) {
  if (re.unicode || re.unicodeSets) return String(re);
  return String(re)
    .replace(/(^|[^\\])(\\\\)*(["'`])/g, '$1$2\\$3')
    .replace(/>>/g, '\\>\\>');
}

/** Playwright's selector strings for the getBy* locators (playwright-core's locatorUtils). */
function byRole(role, options = {}) {
  const props = [];
  if (options.checked !== undefined) props.push(['checked', String(options.checked)]);
  if (options.disabled !== undefined) props.push(['disabled', String(options.disabled)]);
  if (options.selected !== undefined) props.push(['selected', String(options.selected)]);
  if (options.expanded !== undefined) props.push(['expanded', String(options.expanded)]);
  if (options.includeHidden !== undefined) props.push(['include-hidden', String(options.includeHidden)]);
  if (options.level !== undefined) props.push(['level', String(options.level)]);
  if (options.name !== undefined) props.push(['name', escapeAttr(options.name, !!options.exact)]);
  if (options.pressed !== undefined) props.push(['pressed', String(options.pressed)]);
  return `internal:role=${role}${props.map(([k, v]) => `[${k}=${v}]`).join('')}`;
}

class Locator {
  constructor(page, selector) {
    this._page = page;
    this._selector = selector;
    this._apiName = 'Locator';
  }
  _chain(selector) {
    return new Locator(this._page, `${this._selector} >> ${selector}`);
  }
  toString() {
    return `locator(${JSON.stringify(this._selector)})`;
  }
  page() {
    return this._page;
  }
  locator(selector, options) {
    const inner =
      typeof selector === 'string' ? selector : `internal:chain=${JSON.stringify(selector._selector)}`;
    const chained = this._chain(inner);
    return options ? chained.filter(options) : chained;
  }
  getByRole(role, options) {
    return this._chain(byRole(role, options));
  }
  getByText(text, options) {
    return this._chain(`internal:text=${escapeText(text, !!options?.exact)}`);
  }
  getByLabel(text, options) {
    return this._chain(`internal:label=${escapeText(text, !!options?.exact)}`);
  }
  getByPlaceholder(text, options) {
    return this._chain(`internal:attr=[placeholder=${escapeAttr(text, !!options?.exact)}]`);
  }
  getByTestId(id) {
    return this._chain(`internal:testid=[data-testid=${escapeAttr(id, true)}]`);
  }
  filter(options = {}) {
    let selector = this._selector;
    if (options.hasText !== undefined)
      selector += ` >> internal:has-text=${escapeText(options.hasText, false)}`;
    if (options.hasNotText !== undefined)
      selector += ` >> internal:has-not-text=${escapeText(options.hasNotText, false)}`;
    if (options.has) selector += ` >> internal:has=${JSON.stringify(options.has._selector)}`;
    if (options.hasNot) selector += ` >> internal:has-not=${JSON.stringify(options.hasNot._selector)}`;
    if (options.visible !== undefined) selector += ` >> visible=${options.visible ? 'true' : 'false'}`;
    return new Locator(this._page, selector);
  }
  and(other) {
    return this._chain(`internal:and=${JSON.stringify(other._selector)}`);
  }
  or(other) {
    return this._chain(`internal:or=${JSON.stringify(other._selector)}`);
  }
  first() {
    return this._chain('nth=0');
  }
  last() {
    return this._chain('nth=-1');
  }
  nth(index) {
    return this._chain(`nth=${index}`);
  }
  async all() {
    const count = await this.count();
    return Array.from({ length: count }, (_, i) => this.nth(i));
  }
  async count() {
    return this._page._eval(
      (sel) => window.__kfPw.querySelectorAll(window.__kfPw.parseSelector(sel), document).length,
      [this._selector],
    );
  }
  async _expect(expression, options) {
    return this._page._expectOn(this._selector, expression, options);
  }
  /** The one element, once attached (and visible and enabled when `actionable`), as a WebDriver reference. */
  async _element({ actionable = false, timeout } = {}) {
    return this._page._waitFor(
      timeout,
      async () => {
        const found = await this._page._eval(
          (sel, actionable) => {
            const is = window.__kfPw;
            const els = is.querySelectorAll(is.parseSelector(sel), document);
            if (els.length > 1)
              throw new Error(`strict mode violation: ${sel} resolved to ${els.length} elements`);
            const [el] = els;
            if (!el) return null;
            if (actionable) {
              if (!is.elementState(el, 'visible', true).matches) return null;
              if (!is.elementState(el, 'enabled').matches) return null;
              el.scrollIntoView({ block: 'center', inline: 'center' });
            }
            return el;
          },
          [this._selector, actionable],
        );
        return found ?? undefined;
      },
      () => `waiting for ${this}`,
    );
  }
  /** Runs a WebDriver element command, again while the element is covered, replaced or still moving. */
  async _act(command, options = {}) {
    return this._page._waitFor(
      options.timeout,
      async () => {
        const el = await this._element({ actionable: true, timeout: options.timeout });
        try {
          await command(el[ELEMENT]);
          return true;
        } catch (e) {
          if (
            ['element click intercepted', 'stale element reference', 'element not interactable'].includes(
              e.code,
            )
          )
            return undefined;
          throw e;
        }
      },
      () => `acting on ${this}`,
    );
  }
  async click(options = {}) {
    await this._act((id) => this._page._wd('POST', `/element/${id}/click`, {}), options);
    await this._page._settle();
  }
  async fill(value, options = {}) {
    // Selected, then typed over key by key, as a person does: every key is trusted input React hears
    // (WebDriver's element clear sets the value behind React's back, and React puts its own back).
    await this._act(async (id) => {
      await this._page._eval(
        (e) => {
          e.focus();
          e.select?.();
        },
        [{ [ELEMENT]: id }],
      );
      await this._page._wd('POST', `/element/${id}/value`, { text: `${KEYS.Backspace}${value}` });
    }, options);
  }
  async clear(options) {
    await this.fill('', options);
  }
  async pressSequentially(text, options) {
    await this._act((id) => this._page._wd('POST', `/element/${id}/value`, { text }), options);
  }
  async press(key, options) {
    // Modifiers stay down until the NULL key; without one, NULL would be typed as a character.
    const parts = key.split('+').map(keyOf);
    const text = parts.length > 1 ? `${parts.join('')}\uE000` : parts.join('');
    await this._act((id) => this._page._wd('POST', `/element/${id}/value`, { text }), options);
    await this._page._settle();
  }
  async _checked() {
    return this.evaluate((el) =>
      el instanceof HTMLInputElement ? el.checked : el.getAttribute('aria-checked') === 'true',
    );
  }
  async setChecked(checked, options) {
    if ((await this._checked()) !== checked) await this.click(options);
    if ((await this._checked()) !== checked) throw new Error(`${this} did not change its state`);
  }
  async check(options) {
    await this.setChecked(true, options);
  }
  async uncheck(options) {
    await this.setChecked(false, options);
  }
  async selectOption(values, options) {
    const wanted = (Array.isArray(values) ? values : [values]).map((v) =>
      typeof v === 'string' ? { value: v, label: v } : v,
    );
    const el = await this._element({ actionable: true, timeout: options?.timeout });
    // A change event on a <select> is what React listens to; WebDriver cannot open GTK's popup menu.
    return this._page._eval(
      (select, wanted) => {
        const options = [...select.options].filter((o) =>
          wanted.some(
            (w) =>
              (w.value !== undefined && o.value === w.value) ||
              (w.label !== undefined && o.label === w.label) ||
              (w.index !== undefined && o.index === w.index),
          ),
        );
        if (!options.length) throw new Error(`no option matches ${JSON.stringify(wanted)}`);
        for (const o of select.options) o.selected = options.includes(o);
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
        return options.map((o) => o.value);
      },
      [el, wanted],
    );
  }
  async setInputFiles(files) {
    const list = Array.isArray(files) ? files : [files];
    const paths = list.map((f) => {
      if (typeof f === 'string') return f;
      const dir = mkdtempSync(join(tmpdir(), 'kwikfill-webkit-upload-'));
      const path = join(dir, f.name);
      writeFileSync(path, f.buffer);
      return path;
    });
    const el = await this._element({ timeout: undefined });
    await this._page._wd('POST', `/element/${el[ELEMENT]}/value`, { text: paths.join('\n') });
  }
  async focus() {
    const el = await this._element();
    await this._page._eval((e) => e.focus(), [el]);
  }
  async blur() {
    const el = await this._element();
    await this._page._eval((e) => e.blur(), [el]);
  }
  async scrollIntoViewIfNeeded() {
    const el = await this._element();
    await this._page._eval((e) => e.scrollIntoView({ block: 'center' }), [el]);
  }
  async hover() {
    const box = await this.boundingBox();
    await this._page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }
  async boundingBox() {
    const el = await this._element();
    return this._page._eval(
      (e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      },
      [el],
    );
  }
  async evaluate(fn, arg) {
    const el = await this._element();
    return this._page._eval(`(e, a) => (${fn})(e, a)`, [el, arg]);
  }
  async evaluateAll(fn, arg) {
    return this._page._eval(
      `(sel, a) => (${fn})(window.__kfPw.querySelectorAll(window.__kfPw.parseSelector(sel), document), a)`,
      [this._selector, arg],
    );
  }
  async textContent() {
    return this.evaluate((e) => e.textContent);
  }
  async innerText() {
    return this.evaluate((e) => e.innerText);
  }
  async inputValue() {
    return this.evaluate((e) => e.value);
  }
  async getAttribute(name) {
    return this.evaluate((e, n) => e.getAttribute(n), name);
  }
  async allTextContents() {
    return this.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  }
  async allInnerTexts() {
    return this.evaluateAll((els) => els.map((e) => e.innerText));
  }
  async isVisible() {
    return this._page._eval(
      (sel) => {
        const is = window.__kfPw;
        const [el] = is.querySelectorAll(is.parseSelector(sel), document);
        return !!el && is.elementState(el, 'visible', true).matches;
      },
      [this._selector],
    );
  }
  async isChecked() {
    return this._checked();
  }
  async waitFor({ state = 'visible', timeout } = {}) {
    const expression = {
      visible: 'to.be.visible',
      hidden: 'to.be.hidden',
      attached: 'to.be.attached',
      detached: 'to.be.detached',
    }[state];
    const result = await this._expect(expression, { isNot: false, timeout: timeout ?? this._page._timeout });
    if (!result.matches) throw new Error(`waiting for ${this} to be ${state}: timed out`);
  }
}

class Mouse {
  constructor(page) {
    this._page = page;
    this._x = 0;
    this._y = 0;
  }
  _perform(actions) {
    return this._page._wd('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
  }
  async move(x, y, { steps = 1 } = {}) {
    const moves = [];
    for (let i = 1; i <= steps; i++) {
      moves.push({
        type: 'pointerMove',
        origin: 'viewport',
        duration: 0,
        x: Math.round(this._x + ((x - this._x) * i) / steps),
        y: Math.round(this._y + ((y - this._y) * i) / steps),
      });
    }
    this._x = x;
    this._y = y;
    await this._perform(moves);
  }
  async down() {
    await this._perform([{ type: 'pointerDown', button: 0 }]);
  }
  async up() {
    await this._perform([{ type: 'pointerUp', button: 0 }]);
  }
  async click(x, y) {
    await this.move(x, y);
    await this.down();
    await this.up();
  }
}

class Keyboard {
  constructor(page) {
    this._page = page;
  }
  async _keys(values) {
    await this._page._wd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: values }] });
  }
  async press(key) {
    const keys = key.split('+').map(keyOf);
    await this._keys([
      ...keys.map((value) => ({ type: 'keyDown', value })),
      ...keys.reverse().map((value) => ({ type: 'keyUp', value })),
    ]);
    await this._page._settle();
  }
  async type(text) {
    await this._keys(
      [...text].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ]),
    );
  }
  async insertText(text) {
    await this.type(text);
  }
}

/** What a test may read of an answer the page received (WebDriver classic sees no bodies or headers). */
function responseOf(entry) {
  return {
    url: () => entry.url,
    status: () => entry.status,
    ok: () => entry.status >= 200 && entry.status < 300,
    request: () => ({ method: () => entry.method, url: () => entry.url }),
  };
}

class WebKitPage {
  constructor(session, { baseURL, timeout, expectTimeout }) {
    this._session = session;
    this._baseURL = baseURL;
    this._timeout = timeout;
    this._expectTimeout = expectTimeout;
    this._apiName = 'Page';
    this._url = 'about:blank';
    this._initScripts = [];
    /** Told when the window is closed (newWebKitPage: the driver's open sessions). */
    this._closed = () => {};
    this.mouse = new Mouse(this);
    this.keyboard = new Keyboard(this);
    const frame = {
      _expect: (expression, options) => this._expectOn(undefined, expression, options),
      waitForURL: (url, options) => this.waitForURL(url, options),
      url: () => this._url,
    };
    this._frame = frame;
    this._context = {
      _options: { baseURL },
      cookies: async () => (await this._wd('GET', '/cookie')).map((c) => ({ ...c, expires: c.expiry ?? -1 })),
      clearCookies: () => this._wd('DELETE', '/cookie'),
      pages: () => [this],
    };
  }
  _wd(method, path, body) {
    return wd(this._session, method, path, body);
  }
  /** Runs `fn` in the page with `args`, installing Playwright's injected script first when it is missing. */
  async _eval(fn, args = []) {
    const body = `return Promise.resolve((${fn}).apply(null, arguments)).then(${keepable});`;
    const call = (source) => this._wd('POST', '/execute/sync', { script: source, args });
    let result = await call(`if (!window.__kfPw) return { __kfMissing: true };\n${body}`);
    if (result?.__kfMissing) result = await call(`${installScript(this._initScripts)}\n${body}`);
    // The function's own promise is awaited in the page; its value arrives as it is.
    return result?.value;
  }
  /** Polls `probe` until it gives something other than undefined, or the time is up. */
  async _waitFor(timeout, probe, describe) {
    const deadline = Date.now() + (timeout || this._timeout);
    let lastError;
    for (;;) {
      try {
        const value = await probe();
        if (value !== undefined) return value;
      } catch (e) {
        // A page that is navigating answers with a script error for a moment: look again.
        if (/strict mode violation/.test(e.message)) throw e;
        lastError = e;
      }
      if (Date.now() > deadline)
        throw new Error(`Timed out ${describe()}${lastError ? `; last error: ${lastError.message}` : ''}`);
      await sleep(POLL_MS);
    }
  }
  /** After an action: the address may have changed. */
  async _settle() {
    try {
      this._url = await this._wd('GET', '/url');
    } catch {}
  }
  async _expectOn(selector, expression, options) {
    const { timeout, signal: _signal, title: _title, ...rest } = options;
    const params = { expression, ...rest, isNot: !!rest.isNot };
    const deadline = Date.now() + (timeout ?? this._expectTimeout);
    let last = { matches: params.isNot };
    for (;;) {
      try {
        const result = await this._eval(
          async (sel, params) => {
            const is = window.__kfPw;
            const isArray = params.expression === 'to.have.count' || params.expression.endsWith('.array');
            const elements = is.querySelectorAll(is.parseSelector(sel ?? ':root'), document);
            if (!isArray && elements.length > 1)
              return { error: `strict mode violation: ${sel} resolved to ${elements.length} elements` };
            if (elements.length === 0) {
              if (params.expression === 'to.have.count')
                return { matches: params.expectedNumber === 0, received: { value: 0 } };
              if (isArray)
                return { matches: (params.expectedText?.length ?? 0) === 0, received: { value: [] } };
              if (!params.isNot && params.expression === 'to.be.hidden') return { matches: true };
              if (params.isNot && params.expression === 'to.be.visible') return { matches: false };
              if (!params.isNot && params.expression === 'to.be.detached') return { matches: true };
              if (params.isNot && params.expression === 'to.be.attached') return { matches: false };
              return { matches: params.isNot, missing: true };
            }
            const r = await is.expect(elements[0], params, elements, true);
            return { matches: r.matches, received: r.received && { value: r.received.value } };
          },
          [selector ?? null, params],
        );
        if (result.error) return { matches: params.isNot, errorMessage: `Error: ${result.error}`, log: [] };
        last = result;
        if (result.matches !== params.isNot) {
          await this._settle();
          return { ...result, log: [] };
        }
      } catch {
        // The document changed under the call: look again.
      }
      if (Date.now() > deadline)
        return {
          ...last,
          timedOut: true,
          log: [],
          errorMessage: last.missing ? 'element(s) not found' : undefined,
        };
      await sleep(POLL_MS);
    }
  }
  context() {
    return this._context;
  }
  mainFrame() {
    return this._frame;
  }
  url() {
    return this._url;
  }
  on() {
    return this;
  }
  once() {
    return this;
  }
  off() {
    return this;
  }
  viewportSize() {
    return this._viewport ?? null;
  }
  async setViewportSize(viewport) {
    this._viewport = viewport;
    // The window, not the page, is what WebDriver sizes: make the page the asked size.
    await this._wd('POST', '/window/rect', { width: viewport.width, height: viewport.height });
    const inner = await this._wd('POST', '/execute/sync', {
      script: 'return [innerWidth, innerHeight]',
      args: [],
    });
    await this._wd('POST', '/window/rect', {
      width: viewport.width * 2 - inner[0],
      height: viewport.height * 2 - inner[1],
    });
  }
  async goto(url) {
    const href = new URL(url, this._baseURL).href;
    try {
      await this._wd('POST', '/url', { url: href });
    } catch (error) {
      if (error.code !== 'timeout') throw error;
      throw new Error(`WebKit did not finish loading ${href} in ${PAGE_LOAD_MS / 1000} s`, { cause: error });
    }
    await this._settle();
    return null;
  }
  async reload() {
    await this._wd('POST', '/refresh', {});
    await this._settle();
  }
  async goBack() {
    await this._wd('POST', '/back', {});
    await this._settle();
  }
  async goForward() {
    await this._wd('POST', '/forward', {});
    await this._settle();
  }
  async waitForLoadState() {
    await this._waitFor(
      undefined,
      async () => {
        const state = await this._wd('POST', '/execute/sync', {
          script: 'return document.readyState',
          args: [],
        });
        return state === 'complete' ? true : undefined;
      },
      () => 'waiting for the load',
    );
  }
  async waitForURL(expected, options = {}) {
    const matches = (href) => {
      if (typeof expected === 'function') return expected(new URL(href));
      if (expected instanceof RegExp) return expected.test(href);
      const wanted = new URL(expected, this._baseURL).href;
      if (!wanted.includes('*')) return href === wanted;
      const pattern = wanted
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '.*')
        .replace(/(?<!\.)\*/g, '[^/]*');
      return new RegExp(`^${pattern}$`).test(href);
    };
    await this._waitFor(
      options.timeout,
      async () => {
        await this._settle();
        return matches(this._url) ? true : undefined;
      },
      () => `waiting for the address ${expected}; it is ${this._url}`,
    );
  }
  async waitForTimeout(ms) {
    await sleep(ms);
  }
  async waitForResponse(predicate, options = {}) {
    const since = Date.now();
    const seen = new Set();
    return this._waitFor(
      options.timeout,
      async () => {
        const entries = await this._eval(() => window.__kfResponses);
        for (const [i, entry] of (entries ?? []).entries()) {
          if (entry.at < since || seen.has(i)) continue;
          seen.add(i);
          const response = responseOf(entry);
          const hit =
            typeof predicate === 'string'
              ? entry.url === new URL(predicate, this._baseURL).href
              : predicate instanceof RegExp
                ? predicate.test(entry.url)
                : await predicate(response);
          if (hit) return response;
        }
        return undefined;
      },
      () => 'waiting for a response',
    );
  }
  async evaluate(fn, arg) {
    if (typeof fn === 'string') return this._eval(`() => eval(${JSON.stringify(fn)})`);
    return this._eval(fn.toString(), [arg]);
  }
  /**
   * axe-core's scan with these rule tags, as @axe-core/playwright runs it: its own `evaluate` of axe's
   * source is eval, which the site's CSP refuses; a WebDriver script is not subject to it.
   */
  async _axe(tags, include) {
    const source = readFileSync(axeSourcePath(), 'utf8');
    await this._wd('POST', '/execute/sync', { script: `${source}\nreturn true;`, args: [] });
    return this._eval(
      async (tags, include) => {
        const { violations } = await window.axe.run(include ? { include: [[include]] } : document, {
          runOnly: { type: 'tag', values: tags },
        });
        return violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
      },
      [tags, include ?? null],
    );
  }
  /**
   * Runs `fn` in every document this page opens, but later than Playwright does: with the injected
   * script, at the first look at a new document (before any action on it), not before its own scripts.
   */
  async addInitScript(fn) {
    this._initScripts.push(String(fn));
  }
  async title() {
    return this._wd('GET', '/title');
  }
  async content() {
    return this._wd('GET', '/source');
  }
  async close() {
    try {
      await wd(this._session, 'DELETE', '');
    } finally {
      this._closed();
    }
  }
  locator(selector, options) {
    const l = new Locator(this, selector);
    return options ? l.filter(options) : l;
  }
  getByRole(role, options) {
    return new Locator(this, byRole(role, options));
  }
  getByText(text, options) {
    return new Locator(this, `internal:text=${escapeText(text, !!options?.exact)}`);
  }
  getByLabel(text, options) {
    return new Locator(this, `internal:label=${escapeText(text, !!options?.exact)}`);
  }
  getByPlaceholder(text, options) {
    return new Locator(this, `internal:attr=[placeholder=${escapeAttr(text, !!options?.exact)}]`);
  }
  getByTestId(id) {
    return new Locator(this, `internal:testid=[data-testid=${escapeAttr(id, true)}]`);
  }
}
