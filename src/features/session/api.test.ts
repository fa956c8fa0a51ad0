import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeBrowser,
  installFakeBrowser,
  jsonResponse,
  sentHeaders,
} from '../../../tests/support/fake-browser.ts';
import { UNEXPECTED_MESSAGE } from '../../lib/api-client.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';

let browser: FakeBrowser;
const load = async () => {
  vi.resetModules();
  const client = await import('./api.ts');
  const store = await import('./session-store.ts');
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
    const { api, read } = await load();
    browser.fetch.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(read(api.me.vip.$put({ json: { registration_number: 'R1' } }))).resolves.toEqual({
      ok: true,
    });
    const [url, init] = browser.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/me/vip');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"registration_number":"R1"}');
    expect(sentHeaders(init)).toMatchObject({
      'x-api-key': DEFAULT_API_KEY,
      'content-type': 'application/json',
      authorization: 'Bearer tok-1',
    });
  });

  it('sends no token on the public client, and the given one on a token client', async () => {
    const { publicApi, apiWithToken } = await load();
    browser.fetch.mockResolvedValue(jsonResponse(200, {}));
    await publicApi.auth.login.$post({ json: { email: 'a@b.co', password: 'x' } });
    await apiWithToken('tok-2').auth.logout.$post();
    const [first, second] = browser.fetch.mock.calls.map(
      (call) => new Headers((call[1] as RequestInit).headers),
    );
    expect(first?.has('authorization')).toBe(false);
    expect(second?.get('authorization')).toBe('Bearer tok-2');
  });

  it('turns an error answer into a typed ApiError', async () => {
    const { publicApi, ApiError } = await load();
    browser.fetch.mockResolvedValue(
      jsonResponse(409, { error: { code: 'email_taken', description: 'That email is already registered.' } }),
    );
    const error = await publicApi.auth.register.$post({ json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', isSpecific: true });
    expect((error as Error).message).toBe('That email is already registered.');
  });

  it('reports a failed connection or a non-JSON error as a generic ApiError', async () => {
    const { api, NETWORK_MESSAGE } = await load();
    browser.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.health.$get()).rejects.toMatchObject({ status: 0, description: NETWORK_MESSAGE });
    browser.fetch.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(api.health.$get()).rejects.toMatchObject({
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
    await expect(api.me.profile.$get()).rejects.toMatchObject({ status: 401 });
    for (const key of ['token', 'user_id', 'first_name'])
      expect(browser.localStorage.getItem(key)).toBeNull();
    expect(browser.localStorage.getItem('register_attempts')).toBe('[1]');
    expect($session.get()).toEqual({ token: null, userId: null, firstName: null });
    expect(browser.location.replace).toHaveBeenCalledWith('/account/login');
  });

  it('a 401 without a stored token (wrong password) leaves the page alone', async () => {
    const { publicApi } = await load();
    browser.fetch.mockResolvedValue(
      jsonResponse(401, { error: { code: 'invalid_credentials', description: 'x' } }),
    );
    await expect(publicApi.auth.login.$post({ json: {} })).rejects.toMatchObject({ status: 401 });
    expect(browser.localStorage.getItem('token')).toBe('tok-1');
    expect(browser.location.replace).not.toHaveBeenCalled();
  });

  it("errorText: the lead, then the server's own sentence, else the general text", async () => {
    const { ApiError, errorText, NETWORK_MESSAGE } = await load();
    const taken = new ApiError(409, 'email_taken', 'That email is taken.');
    const down = new ApiError(502, 'http_error', UNEXPECTED_MESSAGE);
    const offline = new ApiError(0, 'network_error', NETWORK_MESSAGE);
    expect(errorText(taken)).toBe('That email is taken.');
    expect(errorText(taken, { lead: 'Not saved.' })).toBe('Not saved. That email is taken.');
    expect(errorText(offline, { lead: 'Not saved.' })).toBe(`Not saved. ${NETWORK_MESSAGE}`);
    expect(errorText(down, { lead: 'Not saved.' })).toBe(`Not saved. ${UNEXPECTED_MESSAGE}`);
    expect(errorText(down, { lead: 'Not saved.', general: '' })).toBe('Not saved.');
    expect(errorText(new TypeError('x is undefined'), { general: 'Sign-in failed.' })).toBe(
      'Sign-in failed.',
    );
  });
});
