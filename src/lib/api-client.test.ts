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

  it('says at once that the browser is offline, and after a failed fetch while offline', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = apiClient({ fetch: fetch as typeof globalThis.fetch });
    vi.stubGlobal('navigator', { onLine: false });
    await expect(api.health.$get()).rejects.toMatchObject({ code: 'offline', description: OFFLINE_MESSAGE });
    expect(fetch).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: true });
    await expect(api.health.$get()).rejects.toMatchObject({ code: 'network_error' });
  });
});
