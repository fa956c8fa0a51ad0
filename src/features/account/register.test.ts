import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeBrowser, installFakeBrowser, jsonResponse } from '../../../tests/support/fake-browser.ts';
import { signUpValues } from './account.sample.ts';
import { chosenLists, emptySignUp, profileBody, signUpProblems } from './register.ts';

const filled = signUpValues({ email: 'dana@example.com', city: 'Erie', zip: '16501' });
const context = { loadedAt: 0, now: 4000, attempts: 0, humanToken: 'human-ok' };

describe('sign-up checks (product.md 5.2)', () => {
  it('passes a complete, honest submission', () => {
    expect(signUpProblems(filled, context)).toEqual({ message: null, errors: {} });
  });

  it('stops at the trap, the dwell time and the attempt limit before looking at fields', () => {
    expect(signUpProblems({ ...emptySignUp, website: 'x' }, context).message).toBe('Invalid submission');
    expect(signUpProblems(emptySignUp, { ...context, now: 2000 }).message).toBe(
      'Please review your information and try again',
    );
    expect(signUpProblems(emptySignUp, { ...context, attempts: 3 }).message).toBe(
      'Too many attempts. Please try again later',
    );
  });

  it('asks for the required fields and names each one', () => {
    const { message, errors } = signUpProblems({ ...filled, first_name: ' ', city: '' }, context);
    expect(message).toBe('Please fill in all required fields');
    expect(errors).toEqual({ first_name: 'First name is required', city: 'City is required' });
  });

  it('reports format errors beside the fields without the required-fields message', () => {
    const { message, errors } = signUpProblems(
      { ...filled, email: 'dana@', phone: '555-0100', zip: '1650', password: 'secret123' },
      context,
    );
    expect(message).toBeNull();
    expect(errors).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit phone number',
      zip: 'Please enter a valid ZIP code',
      password: 'Password must contain at least one uppercase letter',
    });
  });

  it('asks for the security check last', () => {
    expect(signUpProblems(filled, { ...context, humanToken: null }).message).toBe(
      'Please complete the security check',
    );
  });

  it('builds the mailing lists and the profile body', () => {
    expect(chosenLists(filled)).toEqual(['news', 'offers']);
    expect(chosenLists({ ...filled, newsletter: false })).toEqual(['offers']);
    expect(chosenLists({ ...filled, newsletter: false, offers: false })).toEqual([]);
    expect(profileBody({ ...filled, city: ' Erie ' })).toEqual({
      first_name: 'Dana',
      last_name: 'Miller',
      address_1: '1 Main St',
      address_2: '',
      city: 'Erie',
      state: 'PA',
      zip: '16501',
      phone: '(814) 555-0100',
    });
  });
});

describe('completeSignUp: the calls after the checks (product.md 2.6, 9)', () => {
  let browser: FakeBrowser;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    browser = installFakeBrowser();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A stand-in server behind the real client: each path answers 503 when `failing` names it, else OK. */
  function fakeApi(failing: string[] = []) {
    browser.fetch.mockImplementation(async (url: string) => {
      const path = url.replace('/api/v1', '');
      if (failing.includes(path))
        return jsonResponse(503, { error: { code: 'down', description: `${path} is down` } });
      return jsonResponse(200, path === '/auth/register' ? { token: 'tok', user_id: 'u1' } : { ok: true });
    });
    const calls = () => browser.fetch.mock.calls as [string, RequestInit][];
    return {
      paths: () => calls().map(([url]) => url.replace('/api/v1', '')),
      call: (index: number) => {
        const init = calls()[index]?.[1];
        return { method: init?.method, body: JSON.parse(String(init?.body)) };
      },
    };
  }
  const request = { values: filled, formTicket: 'ticket-1', humanToken: 'human-ok' };
  const load = async () => {
    vi.resetModules();
    return import('./register.ts');
  };

  it('registers, stores the session, saves the profile, then joins the ticked lists', async () => {
    const { completeSignUp } = await load();
    const api = fakeApi();
    await completeSignUp(request);
    expect(api.paths()).toEqual(['/auth/register', '/me/profile', '/me/mailing-lists']);
    expect(api.call(0)).toEqual({
      method: 'POST',
      body: {
        email: 'dana@example.com',
        password: 'Secret123',
        website: '',
        form_ticket: 'ticket-1',
        human_check_token: 'human-ok',
      },
    });
    expect(api.call(1)).toEqual({ method: 'PUT', body: profileBody(filled) });
    expect(api.call(2)).toEqual({ method: 'POST', body: { lists: ['news', 'offers'] } });
    expect(browser.localStorage.getItem('token')).toBe('tok');
    expect(browser.localStorage.getItem('first_name')).toBe('Dana');
  });

  it('never fails registration when joining the mailing lists fails', async () => {
    const { completeSignUp } = await load();
    fakeApi(['/me/mailing-lists']);
    await expect(completeSignUp(request)).resolves.toBeUndefined();
    expect(browser.localStorage.getItem('token')).toBe('tok');
    expect(browser.localStorage.getItem('user_id')).toBe('u1');
    expect(browser.localStorage.getItem('first_name')).toBe('Dana');
    expect(warn).toHaveBeenCalledWith(
      'Registration: mailing lists failed',
      expect.objectContaining({ name: 'ApiError' }),
    );
  });

  it('goes on to the mailing lists when saving the profile fails', async () => {
    const { completeSignUp } = await load();
    const api = fakeApi(['/me/profile']);
    await expect(completeSignUp(request)).resolves.toBeUndefined();
    expect(api.paths()).toEqual(['/auth/register', '/me/profile', '/me/mailing-lists']);
    expect(browser.localStorage.getItem('token')).toBe('tok');
    expect(browser.localStorage.getItem('first_name')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Registration: profile failed',
      expect.objectContaining({ name: 'ApiError' }),
    );
  });

  it('joins no list when both boxes are unticked', async () => {
    const { completeSignUp } = await load();
    const api = fakeApi();
    await completeSignUp({ ...request, values: { ...filled, newsletter: false, offers: false } });
    expect(api.paths()).toEqual(['/auth/register', '/me/profile']);
  });

  it('rejects and stores nothing when the account is not created', async () => {
    const { completeSignUp } = await load();
    const api = fakeApi(['/auth/register']);
    await expect(completeSignUp(request)).rejects.toThrow('/auth/register is down');
    expect(api.paths()).toEqual(['/auth/register']);
    expect(browser.localStorage.length).toBe(0);
  });
});
