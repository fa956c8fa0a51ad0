import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentHeaders } from '../../../tests/support/fake-browser.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';

class FakeScript extends EventTarget {
  src = '';
  async = false;
  removed = false;
  remove() {
    this.removed = true;
  }
}

let scripts: FakeScript[];
const load = async () => {
  vi.resetModules();
  return import('./human-check.client.ts');
};

beforeEach(() => {
  scripts = [];
  vi.stubGlobal('document', {
    createElement: () => new FakeScript(),
    head: { append: (script: FakeScript) => scripts.push(script) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('loadTurnstile', () => {
  it('adds the Turnstile script once (explicit rendering) and resolves with window.turnstile', async () => {
    const { loadTurnstile, TURNSTILE_SCRIPT } = await load();
    const first = loadTurnstile();
    const second = loadTurnstile();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(TURNSTILE_SCRIPT);
    expect(TURNSTILE_SCRIPT).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
    const api = { render: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('turnstile', api);
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('rejects when the script cannot load (offline), and a later call tries again', async () => {
    const { loadTurnstile } = await load();
    const attempt = loadTurnstile();
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow();
    expect(scripts[0]?.removed).toBe(true);
    void loadTurnstile().catch(() => {});
    expect(scripts).toHaveLength(2);
  });

  it('gives up after 15 seconds without an answer', async () => {
    vi.useFakeTimers();
    const { loadTurnstile } = await load();
    const attempt = loadTurnstile();
    vi.advanceTimersByTime(15_000);
    await expect(attempt).rejects.toThrow();
  });
});

describe('requestLocalToken', () => {
  it('asks the API (with the public key, without a session) for a token for the action', async () => {
    const fetch = vi.fn(async () => Response.json({ token: 'local.x', expires_in: 300 }));
    vi.stubGlobal('fetch', fetch);
    const { requestLocalToken } = await load();
    await expect(requestLocalToken('contact')).resolves.toEqual({ token: 'local.x', expiresInMs: 300_000 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/human-check/local');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"action":"contact"}');
    expect(sentHeaders(init)).toMatchObject({
      'x-api-key': DEFAULT_API_KEY,
      'content-type': 'application/json',
    });
    expect(sentHeaders(init)).not.toHaveProperty('authorization');
  });

  it('fails on an error answer or no connection', async () => {
    const { requestLocalToken } = await load();
    vi.stubGlobal('fetch', async () => Response.json({ error: { code: 'not_found' } }, { status: 404 }));
    await expect(requestLocalToken('contact')).rejects.toThrow();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestLocalToken('contact')).rejects.toThrow();
  });
});

describe('loadHumanCheckConfig', () => {
  it('asks the server once per page and turns its answer into the widget to show', async () => {
    const { loadHumanCheckConfig } = await load();
    const fetch = vi.fn(async () => Response.json({ mode: 'turnstile', site_key: 'from-server' }));
    vi.stubGlobal('fetch', fetch);
    const expected = { mode: 'turnstile', siteKey: 'from-server' };
    await expect(loadHumanCheckConfig()).resolves.toEqual(expected);
    await expect(loadHumanCheckConfig()).resolves.toEqual(expected);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('local, unavailable, and anything it cannot use as unavailable', async () => {
    const answers: [unknown, string][] = [
      [{ mode: 'local' }, 'local'],
      [{ mode: 'unavailable' }, 'unavailable'],
      [{ mode: 'turnstile', site_key: null }, 'unavailable'],
      [{ mode: 'something-new' }, 'unavailable'],
      ['not an object', 'unavailable'],
    ];
    for (const [answer, mode] of answers) {
      const { loadHumanCheckConfig } = await load();
      vi.stubGlobal('fetch', async () => Response.json(answer));
      expect((await loadHumanCheckConfig()).mode).toBe(mode);
    }
  });

  it('fails without a connection, and the next call asks again', async () => {
    const { loadHumanCheckConfig } = await load();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadHumanCheckConfig()).rejects.toThrow();
    vi.stubGlobal('fetch', async () => Response.json({ mode: 'local' }));
    await expect(loadHumanCheckConfig()).resolves.toEqual({ mode: 'local' });
  });
});

describe('helpers', () => {
  it('clears a token 10 seconds before it expires', async () => {
    const { clearBeforeExpiry } = await load();
    expect(clearBeforeExpiry(300_000)).toBe(290_000);
    expect(clearBeforeExpiry(0)).toBe(1000);
  });

  it('resetHumanCheck asks every widget inside the form to start over', async () => {
    const { resetHumanCheck, RESET_EVENT } = await load();
    const widgets = [new EventTarget(), new EventTarget()];
    const seen: string[] = [];
    for (const widget of widgets) widget.addEventListener(RESET_EVENT, (event) => seen.push(event.type));
    const form = {
      querySelectorAll: (selector: string) => (selector === '[data-human-check]' ? widgets : []),
    };
    resetHumanCheck(form as unknown as ParentNode);
    expect(seen).toEqual([RESET_EVENT, RESET_EVENT]);
  });
});
