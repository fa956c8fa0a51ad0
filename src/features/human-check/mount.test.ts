// The plain-form widget's script against a minimal stand-in DOM (no jsdom here): the elements it
// looks up are fakes that record what the script does to them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_ERROR, RESET_EVENT, TOKEN_EVENT } from './human-check.client';
import { mountHumanCheck } from './mount';

class FakeElement extends EventTarget {
  value = '';
  checked = false;
  hidden = false;
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

function widget(dataset: Record<string, string>, parts: string[]) {
  const root = new FakeElement();
  root.dataset = dataset;
  for (const selector of ['input[name="human_check_token"]', '[data-error]', ...parts]) {
    root.children[selector] = new FakeElement();
  }
  const tokens: (string | null)[] = [];
  root.addEventListener(TOKEN_EVENT, (event) => tokens.push((event as CustomEvent).detail.token));
  mountHumanCheck(root as unknown as HTMLElement);
  const part = (selector: string) => root.children[selector] as FakeElement;
  return { root, tokens, input: part('input[name="human_check_token"]'), error: part('[data-error]'), part };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('local stand-in', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetch = vi.fn(async () => Response.json({ token: 'local.contact.token', expires_in: 300 }));
    vi.stubGlobal('fetch', fetch);
  });

  const setUp = () => {
    const w = widget({ action: 'contact' }, ['[data-box]', '[data-status]']);
    return { ...w, box: w.part('[data-box]'), status: w.part('[data-status]') };
  };
  const tick = async (box: FakeElement, checked: boolean) => {
    box.checked = checked;
    box.dispatchEvent(new Event('change'));
    await settle();
  };

  it('ticking the box fetches a token for the action, fills the hidden input and says Verified', async () => {
    const { box, status, input, tokens } = setUp();
    await tick(box, true);
    expect(JSON.parse(fetch.mock.calls[0]?.[1].body)).toEqual({ action: 'contact' });
    expect(input.value).toBe('local.contact.token');
    expect(status.textContent).toBe('Verified');
    expect(box.checked).toBe(true);
    expect(tokens).toEqual([null, 'local.contact.token']);
  });

  it('unticking, a reset from the form, or expiry clears the token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { root, box, status, input } = setUp();
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
    root.dispatchEvent(new Event(RESET_EVENT));
    expect([input.value, box.checked, status.textContent]).toEqual(['', false, '']);
    await verify();
    vi.advanceTimersByTime(290_000);
    expect([input.value, box.checked]).toEqual(['', false]);
  });

  it('says the check could not load when the API cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { box, input, error } = setUp();
    await tick(box, true);
    expect(error.textContent).toBe(LOAD_ERROR);
    expect([input.value, box.checked]).toEqual(['', false]);
  });
});

describe('Turnstile', () => {
  it('renders Turnstile with the site key and action, and follows its callbacks', async () => {
    const render = vi.fn(() => 'widget-1');
    vi.stubGlobal('turnstile', { render, remove: vi.fn() });
    const { part, input, tokens } = widget({ action: 'contact', siteKey: 'site-key' }, [
      '[data-slot]',
      '[data-retry]',
    ]);
    await settle();
    const [slot, options] = render.mock.calls[0] as unknown as [
      FakeElement,
      Record<string, (t?: string) => void>,
    ];
    expect(slot).toBe(part('[data-slot]'));
    expect(options).toMatchObject({ sitekey: 'site-key', action: 'contact' });
    options.callback?.('cf-token');
    expect(input.value).toBe('cf-token');
    options['expired-callback']?.();
    expect(input.value).toBe('');
    expect(tokens).toEqual([null, 'cf-token', null]);
  });

  it('offline: shows the message and a Try again button', async () => {
    const scripts: EventTarget[] = [];
    vi.stubGlobal('document', {
      createElement: () => Object.assign(new EventTarget(), { remove() {} }),
      head: { append: (script: EventTarget) => scripts.push(script) },
    });
    const { part, error } = widget({ action: 'contact', siteKey: 'site-key' }, [
      '[data-slot]',
      '[data-retry]',
    ]);
    scripts[0]?.dispatchEvent(new Event('error'));
    await settle();
    expect(error.textContent).toBe(LOAD_ERROR);
    expect(part('[data-retry]').hidden).toBe(false);
    part('[data-retry]').dispatchEvent(new Event('click'));
    expect(scripts).toHaveLength(2);
    expect(error.textContent).toBe('');
  });
});
