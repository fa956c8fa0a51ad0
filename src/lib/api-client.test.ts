import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, newIdempotencyKey, OFFLINE_MESSAGE, withIdempotencyKey } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it("sends the submission's Idempotency-Key with a request that may create, never with a read", async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    const api = apiClient({ fetch: fetch as typeof globalThis.fetch });
    const key = newIdempotencyKey();
    expect(key).not.toBe(newIdempotencyKey());
    await withIdempotencyKey(key, async () => {
      await api.contact.$post({ json: {} as never, query: {} });
      await api.health.$get();
    });
    await api.contact.$post({ json: {} as never, query: {} });
    const sent = fetch.mock.calls.map(
      (call) => new Headers((call as unknown as [string, RequestInit])[1].headers),
    );
    expect(sent.map((headers) => headers.get('idempotency-key'))).toEqual([`"${key}"`, null, null]);
  });

  it('refuses a submission at once while offline, and says offline after a failed read', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = apiClient({ fetch: fetch as typeof globalThis.fetch });
    vi.stubGlobal('navigator', { onLine: false });
    await expect(api.contact.$post({ json: {} as never, query: {} })).rejects.toMatchObject({
      code: 'offline',
      description: OFFLINE_MESSAGE,
    });
    expect(fetch).not.toHaveBeenCalled();
    await expect(api.health.$get()).rejects.toMatchObject({ code: 'offline', description: OFFLINE_MESSAGE });
    vi.stubGlobal('navigator', { onLine: true });
    await expect(api.health.$get()).rejects.toMatchObject({ code: 'network_error' });
  });

  it('sends a read while offline: a service worker may answer it from its copy', async () => {
    const fetch = vi.fn(async () => Response.json({ items: [] }, { headers: { 'x-offline-copy': '1' } }));
    const api = apiClient({ fetch: fetch as typeof globalThis.fetch, raw: true });
    vi.stubGlobal('navigator', { onLine: false });
    const response = await api.store.$get({ query: {} });
    expect(response.headers.get('x-offline-copy')).toBe('1');
  });
});
