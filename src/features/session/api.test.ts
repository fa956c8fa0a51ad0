import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeBrowser, installFakeBrowser, jsonResponse } from './testing';

let browser: FakeBrowser;
const load = async () => {
  vi.resetModules();
  const client = await import('./api');
  const store = await import('./store');
  return { ...client, ...store };
};

describe('api client', () => {
  beforeEach(() => {
    browser = installFakeBrowser({
      token: 'tok-1',
      user_id: 'u1',
      first_name: 'Pat',
      register_attempts: '[1]',
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the API key, JSON and the stored bearer token to /api/v1', async () => {
    const { api } = await load();
    browser.fetch.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api('/me/profile', { method: 'PUT', body: { city: 'Erie' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = browser.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/me/profile');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"city":"Erie"}');
    expect(init.headers).toMatchObject({
      'X-API-Key': 'kwikfill-public-web',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-1',
    });
  });

  it('sends no token when asked for an anonymous call', async () => {
    const { api } = await load();
    browser.fetch.mockResolvedValue(jsonResponse(200, {}));
    await api('/auth/login', { method: 'POST', body: {}, token: null });
    const init = browser.fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('turns an error answer into a typed ApiError', async () => {
    const { api, ApiError } = await load();
    browser.fetch.mockResolvedValue(
      jsonResponse(409, { error: { code: 'email_taken', description: 'That email is already registered.' } }),
    );
    const error = await api('/auth/register', { method: 'POST', token: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', isSpecific: true });
    expect((error as Error).message).toBe('That email is already registered.');
  });

  it('reports a failed connection or a non-JSON error as a generic ApiError', async () => {
    const { api, NETWORK_MESSAGE, UNEXPECTED_MESSAGE } = await load();
    browser.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/health')).rejects.toMatchObject({ status: 0, description: NETWORK_MESSAGE });
    browser.fetch.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(api('/health')).rejects.toMatchObject({
      status: 502,
      isSpecific: false,
      description: UNEXPECTED_MESSAGE,
    });
  });

  it('a 401 on a call made with the stored token clears the session and goes to sign-in', async () => {
    const { api, $session } = await load();
    browser.fetch.mockResolvedValue(
      jsonResponse(401, { error: { code: 'unauthorized', description: 'Sign in' } }),
    );
    await expect(api('/me/profile')).rejects.toMatchObject({ status: 401 });
    for (const key of ['token', 'user_id', 'first_name'])
      expect(browser.localStorage.getItem(key)).toBeNull();
    expect(browser.localStorage.getItem('register_attempts')).toBe('[1]');
    expect($session.get()).toEqual({ token: null, userId: null, firstName: null });
    expect(browser.location.replace).toHaveBeenCalledWith('/account/login');
  });

  it('a 401 without a stored token (wrong password) leaves the page alone', async () => {
    const { api } = await load();
    browser.fetch.mockResolvedValue(
      jsonResponse(401, { error: { code: 'invalid_credentials', description: 'x' } }),
    );
    await expect(api('/auth/login', { method: 'POST', token: null })).rejects.toMatchObject({ status: 401 });
    expect(browser.localStorage.getItem('token')).toBe('tok-1');
    expect(browser.location.replace).not.toHaveBeenCalled();
  });
});
