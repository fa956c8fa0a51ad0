import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { issueLocalToken, SITEVERIFY_URL, verifyHumanCheck } from './verify.ts';

describe('no Turnstile keys and no HUMAN_CHECK=local: unavailable, fails closed', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ localHumanCheck: false });
  });
  afterAll(() => t.close());

  it('GET /human-check/config says unavailable and POST /human-check/local does not exist', async () => {
    expect((await t.call('GET', '/human-check/config')).json).toEqual({ mode: 'unavailable' });
    const local = await t.call('POST', '/human-check/local', { body: { action: 'register' } });
    expect(local.status).toBe(404);
    expect(local.json.error.code).toBe('not_found');
  });

  it('refuses every token, even one this server signed', async () => {
    for (const token of [issueLocalToken(t.deps, 'giveaway'), 'turnstile-token', undefined]) {
      expect(await verifyHumanCheck(t.deps, { token, action: 'giveaway', ip: '203.0.113.7' })).toBe(false);
    }
  });

  it('a form that needs the check is 400 human_check_failed', async () => {
    const result = await t.call('POST', '/auth/register', {
      body: {
        email: 'nocheck@example.com',
        password: 'Secret123',
        form_ticket: await t.ticket('register'),
        human_check_token: issueLocalToken(t.deps, 'register'),
      },
    });
    expect(result.status).toBe(400);
    expect(result.json.error).toEqual({
      code: 'human_check_failed',
      description: 'Please complete the security check',
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});

describe('local stand-in (HUMAN_CHECK=local, no Turnstile keys)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ localHumanCheck: true });
  });
  afterAll(() => t.close());

  const verify = (token: unknown, action = 'giveaway') =>
    verifyHumanCheck(t.deps, { token, action, ip: '203.0.113.7' });

  it('GET /human-check/config says local', async () => {
    expect((await t.call('GET', '/human-check/config')).json).toEqual({ mode: 'local' });
  });

  it('POST /human-check/local issues a token for the action, accepted once', async () => {
    const answer = await t.call('POST', '/human-check/local', { body: { action: 'giveaway' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ token: expect.stringMatching(/^local\.giveaway\./), expires_in: 300 });
    expect(await verify(answer.json.token)).toBe(true);
    expect(await verify(answer.json.token)).toBe(false);
  });

  it('refuses a token of another action, an expired, forged or foreign one', async () => {
    expect(await verify(issueLocalToken(t.deps, 'contact'))).toBe(false);
    const expiring = issueLocalToken(t.deps, 'giveaway');
    t.advance(5 * 60 * 1000 + 1);
    expect(await verify(expiring)).toBe(false);
    const good = issueLocalToken(t.deps, 'giveaway');
    expect(await verify(good.replace('local.giveaway.', 'local.contact.'), 'contact')).toBe(false);
    expect(await verify(`${good.slice(0, -2)}xx`)).toBe(false);
    for (const token of [undefined, null, 42, '', 'XXXX.DUMMY.TOKEN', 'x'.repeat(5000)]) {
      expect(await verify(token)).toBe(false);
    }
    expect(await verify(good)).toBe(true);
  });

  it('POST /human-check/local needs a valid action name', async () => {
    for (const body of [{}, { action: '' }, { action: 'a b' }, { action: 'x'.repeat(33) }, { action: 7 }]) {
      const answer = await t.call('POST', '/human-check/local', { body });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({ code: 'invalid_input', description: 'Unknown action' });
    }
  });
});

describe('HUMAN_CHECK=local on a site that is not on this machine (SITE_URL not loopback)', () => {
  let t: TestApi;
  beforeAll(async () => {
    // However the server came to start (the start itself refuses it: config.test.ts), the stand-in
    // never waves visitors of a public site through.
    t = await createTestApi({ localHumanCheck: true, siteUrl: 'https://www.kwikfill.example' });
  });
  afterAll(() => t.close());

  it('is unavailable: no stand-in to ask, and every token refused, even one this server signed', async () => {
    expect((await t.call('GET', '/human-check/config')).json).toEqual({ mode: 'unavailable' });
    expect((await t.call('POST', '/human-check/local', { body: { action: 'giveaway' } })).status).toBe(404);
    const signed = issueLocalToken(t.deps, 'giveaway');
    expect(await verifyHumanCheck(t.deps, { token: signed, action: 'giveaway', ip: '203.0.113.7' })).toBe(
      false,
    );
  });
});

describe('Turnstile (TURNSTILE_SECRET_KEY set)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({
      localHumanCheck: true, // Turnstile wins over the stand-in
      turnstileSecretKey: 'secret-key',
      turnstileSiteKey: 'site-key',
      siteUrl: 'https://www.kwikfill.example',
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const answer = (body: unknown) => vi.fn(async () => Response.json(body));
  const good = { success: true, hostname: 'www.kwikfill.example', action: 'contact' };
  const verify = (token: unknown) =>
    verifyHumanCheck(t.deps, { token, action: 'contact', ip: '203.0.113.9' });

  it('GET /human-check/config gives the site key; the local stand-in is gone', async () => {
    expect((await t.call('GET', '/human-check/config')).json).toEqual({
      mode: 'turnstile',
      site_key: 'site-key',
    });
    const local = await t.call('POST', '/human-check/local', { body: { action: 'contact' } });
    expect(local.status).toBe(404);
    expect(local.json.error.code).toBe('not_found');
  });

  it('asks siteverify with the secret, the token and the client address, and accepts a token once', async () => {
    const fetch = answer(good);
    t.mockFetch(fetch);
    expect(await verify('turnstile-token-1')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(SITEVERIFY_URL);
    expect(init.method).toBe('POST');
    const sent = new URLSearchParams(init.body as URLSearchParams);
    expect(sent.get('secret')).toBe('secret-key');
    expect(sent.get('response')).toBe('turnstile-token-1');
    expect(sent.get('remoteip')).toBe('203.0.113.9');
    expect(await verify('turnstile-token-1')).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1); // a used token is refused without asking again
  });

  it('refuses a failed check, another hostname or another action', async () => {
    const cases = [
      { success: false, 'error-codes': ['invalid-input-response'] },
      { ...good, hostname: 'evil.example' },
      { ...good, action: 'giveaway' },
      { ...good, success: 'true' },
    ];
    for (const [i, body] of cases.entries()) {
      t.mockFetch(answer(body));
      expect(await verify(`turnstile-token-bad-${i}`)).toBe(false);
    }
  });

  it('treats an unreachable siteverify or a garbled answer as a failed check', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t.mockFetch(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await verify('turnstile-token-offline')).toBe(false);
    t.mockFetch(async () => new Response('<html>502</html>', { status: 502 }));
    expect(await verify('turnstile-token-garbled')).toBe(false);
  });

  it('refuses local stand-in tokens without asking Cloudflare', async () => {
    const fetch = answer(good);
    t.mockFetch(fetch);
    expect(await verify(issueLocalToken(t.deps, 'contact'))).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a network failure during sign-up is 400 human_check_failed, not a 5xx', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t.mockFetch(async () => {
      throw new TypeError('fetch failed');
    });
    const result = await t.call('POST', '/auth/register', {
      body: {
        email: 'offline@example.com',
        password: 'Secret123',
        form_ticket: await t.ticket('register'),
        human_check_token: 'turnstile-token-x',
      },
    });
    expect(result.status).toBe(400);
    expect(result.json.error).toEqual({
      code: 'human_check_failed',
      description: 'Please complete the security check',
    });
  });
});
