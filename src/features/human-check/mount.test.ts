// The widget's script against a minimal stand-in DOM (no jsdom here): the elements it looks up are
// fakes that record what the script does to them; fetch answers as the API would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentHeaders } from '../../../tests/support/fake-browser.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';

class FakeElement extends EventTarget {
  value = '';
  checked = false;
  hidden = true;
  textContent = '';
  dataset: Record<string, string> = {};
  attributes = new Map<string, string>();
  children: Record<string, FakeElement> = {};
  querySelector(selector: string) {
    return this.children[selector] ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
}

const PARTS = ['[data-local]', '[data-slot]', '[data-unavailable]'];
const SELECTORS = ['input[name="human_check_token"]', '[data-error]', '[data-retry]', '[data-box]'];

let config: unknown;
let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  config = { mode: 'local' };
  fetch = vi.fn(async (url: string) =>
    url.endsWith('/human-check/config')
      ? Response.json(config)
      : Response.json({ token: 'local.contact.token', expires_in: 300 }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Mounts a widget with fresh modules (the config answer is kept per page, i.e. per module). */
async function widget() {
  vi.resetModules();
  const { mountHumanCheck } = await import('./mount.ts');
  const client = await import('./human-check.client.ts');
  const root = new FakeElement();
  root.dataset = { action: 'contact' };
  for (const selector of [...SELECTORS, '[data-status]', ...PARTS])
    root.children[selector] = new FakeElement();
  const tokens: (string | null)[] = [];
  root.addEventListener(client.TOKEN_EVENT, (event) => tokens.push((event as CustomEvent).detail.token));
  const unmount = mountHumanCheck(root as unknown as HTMLElement);
  await settle();
  const part = (selector: string) => root.children[selector] as FakeElement;
  const shown = () => PARTS.filter((selector) => !part(selector).hidden);
  return { root, tokens, part, shown, unmount, client, input: part(SELECTORS[0] as string) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const calls = (path: string) => fetch.mock.calls.filter(([url]) => String(url).endsWith(path));

describe('the server decides which check to show', () => {
  it('unavailable: shows the notice only and never gives a token', async () => {
    config = { mode: 'unavailable' };
    const { shown, tokens, root, client } = await widget();
    expect(shown()).toEqual(['[data-unavailable]']);
    root.dispatchEvent(new Event(client.RESET_EVENT));
    expect(tokens.every((token) => token === null)).toBe(true);
    expect(calls('/human-check/local')).toEqual([]);
  });

  it('asks GET /api/v1/human-check/config with the public key and no session', async () => {
    await widget();
    const [[url, init]] = calls('/human-check/config') as [[string, RequestInit]];
    expect(url).toBe('/api/v1/human-check/config');
    expect(sentHeaders(init)).toMatchObject({ 'x-api-key': DEFAULT_API_KEY });
    expect(sentHeaders(init)).not.toHaveProperty('authorization');
  });

  it('a Turnstile answer without a site key counts as unavailable', async () => {
    config = { mode: 'turnstile', site_key: null };
    expect((await widget()).shown()).toEqual(['[data-unavailable]']);
  });

  it('cannot reach the server: says so, and Try again asks again', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { part, shown, client } = await widget();
    expect(part('[data-error]').textContent).toBe(client.LOAD_ERROR);
    expect(shown()).toEqual([]);
    part('[data-retry]').dispatchEvent(new Event('click'));
    await settle();
    expect(shown()).toEqual(['[data-local]']);
    expect(part('[data-error]').textContent).toBe('');
    expect(part('[data-retry]').hidden).toBe(true);
  });

  it('unmounting hides the check and stops listening', async () => {
    const { unmount, shown, tokens, root, client } = await widget();
    unmount();
    expect(shown()).toEqual([]);
    const before = tokens.length;
    root.dispatchEvent(new Event(client.RESET_EVENT));
    expect(tokens).toHaveLength(before);
  });
});

describe('local stand-in', () => {
  const tick = async (box: FakeElement, checked: boolean) => {
    box.checked = checked;
    box.dispatchEvent(new Event('change'));
    await settle();
  };

  it('ticking the box fetches a token for the action, fills the hidden input and says Verified', async () => {
    const { part, shown, input, tokens } = await widget();
    expect(shown()).toEqual(['[data-local]']);
    await tick(part('[data-box]'), true);
    const [[url, init]] = calls('/human-check/local') as [[string, RequestInit]];
    expect(url).toBe('/api/v1/human-check/local');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'contact' });
    expect(input.value).toBe('local.contact.token');
    expect(part('[data-status]').textContent).toBe('Verified');
    expect(tokens.at(-1)).toBe('local.contact.token');
  });

  it('unticking, a reset from the form, or expiry clears the token', async () => {
    const { root, part, input, client } = await widget();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = part('[data-box]');
    const verify = async () => {
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      await vi.waitFor(() => expect(input.value).not.toBe(''));
    };
    await verify();
    box.checked = false;
    box.dispatchEvent(new Event('change'));
    expect(input.value).toBe('');
    await verify();
    root.dispatchEvent(new Event(client.RESET_EVENT));
    expect([input.value, box.checked, part('[data-status]').textContent]).toEqual(['', false, '']);
    await verify();
    vi.advanceTimersByTime(290_000);
    expect([input.value, box.checked]).toEqual(['', false]);
  });

  it('says the check could not load when the token request fails (no Try again: tick again)', async () => {
    const { part, input, client } = await widget();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await tick(part('[data-box]'), true);
    expect(part('[data-error]').textContent).toBe(client.LOAD_ERROR);
    expect(part('[data-retry]').hidden).toBe(true);
    expect([input.value, part('[data-box]').checked]).toEqual(['', false]);
  });
});

describe('Turnstile', () => {
  beforeEach(() => {
    config = { mode: 'turnstile', site_key: 'site-key-from-server' };
  });

  it('renders Turnstile with the site key from the server and the action, and follows its callbacks', async () => {
    const render = vi.fn(() => 'widget-1');
    const remove = vi.fn();
    vi.stubGlobal('turnstile', { render, remove });
    const { part, shown, input, tokens, unmount } = await widget();
    expect(shown()).toEqual(['[data-slot]']);
    const [slot, options] = render.mock.calls[0] as unknown as [
      FakeElement,
      Record<string, (t?: string) => void>,
    ];
    expect(slot).toBe(part('[data-slot]'));
    expect(options).toMatchObject({ sitekey: 'site-key-from-server', action: 'contact' });
    options.callback?.('cf-token');
    expect(input.value).toBe('cf-token');
    options['expired-callback']?.();
    expect(input.value).toBe('');
    expect(tokens.slice(-2)).toEqual(['cf-token', null]);
    unmount();
    expect(remove).toHaveBeenCalledWith('widget-1');
  });

  it('offline: shows the message and a Try again button that loads the script again', async () => {
    const scripts: EventTarget[] = [];
    vi.stubGlobal('document', {
      createElement: () => Object.assign(new EventTarget(), { remove() {} }),
      head: { append: (script: EventTarget) => scripts.push(script) },
    });
    const { part, client } = await widget();
    scripts[0]?.dispatchEvent(new Event('error'));
    await settle();
    expect(part('[data-error]').textContent).toBe(client.LOAD_ERROR);
    expect(part('[data-retry]').hidden).toBe(false);
    part('[data-retry]').dispatchEvent(new Event('click'));
    await settle();
    expect(scripts).toHaveLength(2);
    expect(part('[data-error]').textContent).toBe('');
    expect(calls('/human-check/config')).toHaveLength(1); // the answer is kept for the page
  });
});
