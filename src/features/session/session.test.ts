import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeBrowser,
  installFakeBrowser,
  jsonResponse,
  sentHeaders,
} from '../../../tests/support/fake-browser.ts';

let browser: FakeBrowser;
const load = async () => {
  vi.resetModules();
  return import('./session.ts');
};

describe('session store', () => {
  beforeEach(() => {
    browser = installFakeBrowser({ first_name: 'Old' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts from what localStorage holds', async () => {
    browser.localStorage.setItem('token', 't');
    const { $session } = await load();
    expect($session.get()).toEqual({ token: 't', userId: null, firstName: 'Old' });
  });

  it('signIn stores token and user_id and forgets an earlier first name', async () => {
    const { $session, signIn, setFirstName } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    expect(browser.localStorage.getItem('token')).toBe('tok');
    expect(browser.localStorage.getItem('user_id')).toBe('u9');
    expect(browser.localStorage.getItem('first_name')).toBeNull();
    setFirstName('  Dana ');
    expect(browser.localStorage.getItem('first_name')).toBe('Dana');
    expect($session.get()).toEqual({ token: 'tok', userId: 'u9', firstName: 'Dana' });
    setFirstName('');
    expect(browser.localStorage.getItem('first_name')).toBeNull();
  });

  it('renewToken replaces the token of a signed-in visitor only, keeping the rest', async () => {
    const { $session, signIn, renewToken } = await load();
    signIn({ token: 'old', user_id: 'u9' });
    renewToken('rotated');
    expect(browser.localStorage.getItem('token')).toBe('rotated');
    expect($session.get()).toMatchObject({ token: 'rotated', userId: 'u9' });
    browser.localStorage.clear();
    const fresh = await load();
    fresh.renewToken('late');
    expect(browser.localStorage.getItem('token')).toBeNull();
  });

  it('signOut clears all storage, ends the server session with the old token, then goes home', async () => {
    const { $session, signIn, signOut } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    browser.sessionStorage.setItem('reset_token', 'r');
    browser.localStorage.setItem('register_attempts', '[]');
    browser.fetch.mockResolvedValue(jsonResponse(200, { ok: true }));
    await signOut();
    expect(browser.localStorage.length).toBe(0);
    expect(browser.sessionStorage.length).toBe(0);
    expect($session.get().token).toBeNull();
    const [url, init] = browser.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init.method).toBe('POST');
    expect(sentHeaders(init)).toMatchObject({ authorization: 'Bearer tok' });
    expect(browser.location.assign).toHaveBeenCalledWith('/');
    expect(browser.location.replace).not.toHaveBeenCalled();
  });

  it('signOut still goes home when the server cannot be reached or says 401', async () => {
    const { signIn, signOut } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    browser.fetch.mockResolvedValue(jsonResponse(401, { error: { code: 'unauthorized', description: 'x' } }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signOut();
    expect(browser.location.assign).toHaveBeenCalledWith('/');
    expect(browser.location.replace).not.toHaveBeenCalled();
  });

  it('signOut gives up on a server that does not answer and still goes home', async () => {
    const { signIn, signOut } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    // Like a real fetch: pending until its signal aborts it.
    browser.fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signOut();
    const [, init] = browser.fetch.mock.calls[0] as [string, RequestInit];
    expect(init.signal?.aborted).toBe(true);
    expect(browser.location.assign).toHaveBeenCalledWith('/');
  });

  it('a first name arriving after sign-out is not stored', async () => {
    const { $session, signIn, signOut, setFirstName } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    browser.fetch.mockResolvedValue(new Response(null, { status: 204 }));
    await signOut();
    setFirstName('Dana'); // a profile read that was still on its way
    expect(browser.localStorage.length).toBe(0);
    expect($session.get().firstName).toBeNull();
  });

  it('leaveSignedOut clears everything without calling the server', async () => {
    const { leaveSignedOut, signIn } = await load();
    signIn({ token: 'tok', user_id: 'u9' });
    leaveSignedOut();
    expect(browser.localStorage.length).toBe(0);
    expect(browser.fetch).not.toHaveBeenCalled();
    expect(browser.location.assign).toHaveBeenCalledWith('/');
  });
});
