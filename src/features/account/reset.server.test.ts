import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { sha256 } from '../../server/tokens.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true }); // past the per-target limit the form asks for it
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** Asks for a reset link and returns the token from the mail. */
async function requestLink(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  expect(
    (await t.call('POST', '/auth/password_reset/request', { body: { email }, ip: freshIp() })).status,
  ).toBe(200);
  const mail = (await t.outbox()).slice(before);
  expect(mail).toHaveLength(1);
  const match = /reset-password\?reset_token=([\w-]+)/.exec(mail[0]?.text ?? '');
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
}

describe('POST /auth/password_reset/request', () => {
  it('mails a one-hour link to an existing account and stores only its hash', async () => {
    const member = await t.member('reset@example.com');
    const info = vi.spyOn(console, 'info');
    const token = await requestLink('Reset@Example.com');
    const mail = (await t.outbox()).at(-1);
    expect(mail).toMatchObject({ subject: 'Reset your Kwik Fill password', to: 'reset@example.com' });
    expect(mail?.text).toContain(`\nhttp://localhost:4321/account/reset-password?reset_token=${token}\n`);
    const rows = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toEqual([
      {
        token_hash: sha256(token),
        user_id: member.id,
        created_at: t.now(),
        expires_at: t.now() + 3_600_000,
        used_at: null,
      },
    ]);
    // The log names the subject, never the address or the link.
    const logged = info.mock.calls.flat().join(' ');
    expect(logged).toContain('Reset your Kwik Fill password');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('reset@example.com');
    info.mockRestore();
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const answer = await t.call('POST', '/auth/password_reset/request', {
      body: { email: 'ghost@example.com' },
      ip: freshIp(),
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(await t.outbox()).toHaveLength(before);
  });

  it('checks the address: 400 invalid_input', async () => {
    const answer = await t.call('POST', '/auth/password_reset/request', {
      body: { email: 'nope' },
      ip: freshIp(),
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error.description).toBe('Please enter a valid email address');
    expect(
      (await t.call('POST', '/auth/password_reset/request', { body: {}, ip: freshIp() })).json.error
        .description,
    ).toBe('Email is required');
  });

  const ask = (email: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
    t.call('POST', '/auth/password_reset/request', { body: { email, ...extra }, ip });
  const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email).length;

  it("probe 2: strangers cannot use up the owner's resets; past 3 mails an hour the owner passes the human check and gets a link", async () => {
    const member = await t.member('often@example.com');
    const strangerIp = freshIp();
    // A stranger, from one address and no browser, asks three times in the owner's name (and spellings of it).
    for (const email of ['often@example.com', 'Often+x@example.com', 'often@example.com']) {
      expect((await ask(email, strangerIp)).status).toBe(200);
    }
    expect(await mailsTo(member.email)).toBe(3);
    // Past 3 mails an hour to the mailbox the form asks for the human check instead of refusing...
    for (const ip of [strangerIp, freshIp()]) {
      const asked = await ask('often@example.com', ip);
      expect(asked.status).toBe(403);
      expect(asked.json.error).toEqual({
        code: 'human_check_required',
        description: 'Please complete the security check to send the reset link.',
      });
    }
    for (const human_check_token of ['made-up', await t.humanToken('login')]) {
      expect((await ask('often@example.com', freshIp(), { human_check_token })).json.error.code).toBe(
        'human_check_failed',
      );
    }
    // ...and the owner, from another address and browser, with a passed check, always gets a link.
    for (let i = 0; i < 2; i++) {
      const owner = await ask('often@example.com', freshIp(), {
        human_check_token: await t.humanToken('password-reset'),
      });
      expect(owner.status).toBe(200);
    }
    expect(await mailsTo(member.email)).toBe(5);
    // An hour later the mailbox gets mail on request alone again.
    t.advance(60 * 60 * 1000 + 1);
    expect((await ask('often@example.com')).status).toBe(200);
  });

  it('answers an address without an account alike, check included', async () => {
    for (let i = 0; i < 3; i++) expect((await ask('nobody-often@example.com')).status).toBe(200);
    expect((await ask('nobody-often@example.com')).json.error.code).toBe('human_check_required');
    const checked = await ask('nobody-often@example.com', freshIp(), {
      human_check_token: await t.humanToken('password-reset'),
    });
    expect(checked.json).toEqual({ ok: true });
  });

  it('counts per requester: 30 an hour per network address and 10 per browser (its form ticket), then 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await ask(`a${i}@example.com`, ip)).status).toBe(200);
    const flood = await ask('b@example.com', ip);
    expect(flood.status).toBe(429);
    expect(flood.json.error.code).toBe('rate_limited');
    expect((await ask('b@example.com')).status).toBe(200);

    const form_ticket = await t.ticket('password-reset');
    for (let i = 0; i < 10; i++) {
      expect((await ask(`c${i}@example.com`, freshIp(), { form_ticket })).status).toBe(200);
    }
    expect((await ask('d@example.com', freshIp(), { form_ticket })).status).toBe(429);
    // Another browser is not held by this one's count.
    const other = await t.ticket('password-reset');
    expect((await ask('d@example.com', freshIp(), { form_ticket: other })).status).toBe(200);
  });

  it('mails the account of the mailbox at its own address, whatever spelling was typed', async () => {
    const member = await t.member('jane.roe@gmail.com');
    const before = (await t.outbox()).length;
    expect((await ask('J.aneroe+lost@googlemail.com')).status).toBe(200);
    const mail = (await t.outbox()).slice(before);
    expect(mail.map((m) => m.to)).toEqual([member.email]);
  });
});

describe('POST /auth/password_reset/submit', () => {
  const invalid = { code: 'invalid_token', description: 'This reset link is invalid or has expired.' };

  it('sets the new password once, ends every session and kills older links', async () => {
    const member = await t.member('submit@example.com', 'OldPass123');
    const older = await requestLink(member.email);
    const token = await requestLink(member.email);
    const answer = await t.call('POST', '/auth/password_reset/submit', {
      body: { reset_token: token, password: 'NewPass123' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });

    expect((await t.call('GET', '/me/profile', { token: member.token })).status).toBe(401);
    const login = (password: string) =>
      t.call('POST', '/auth/login', { body: { email: member.email, password }, ip: freshIp() });
    expect((await login('OldPass123')).status).toBe(401);
    expect((await login('NewPass123')).status).toBe(200);

    for (const reset_token of [token, older]) {
      const again = await t.call('POST', '/auth/password_reset/submit', {
        body: { reset_token, password: 'Other1234' },
      });
      expect(again.status).toBe(400);
      expect(again.json.error).toEqual(invalid);
    }
  });

  it('refuses an expired or unknown link with 400 invalid_token', async () => {
    const member = await t.member('expired@example.com');
    const token = await requestLink(member.email);
    t.advance(60 * 60 * 1000 + 1);
    for (const reset_token of [token, 'x'.repeat(43), '', undefined, 42]) {
      const answer = await t.call('POST', '/auth/password_reset/submit', {
        body: { reset_token, password: 'NewPass123' },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual(invalid);
    }
  });

  it('checks the new password with the product.md 5.2 rules', async () => {
    const member = await t.member('weak@example.com');
    const token = await requestLink(member.email);
    const answer = await t.call('POST', '/auth/password_reset/submit', {
      body: { reset_token: token, password: 'weak' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code: 'invalid_input',
      description: 'Password must be at least 8 characters',
    });
    // The link still works after a refused password.
    const retry = await t.call('POST', '/auth/password_reset/submit', {
      body: { reset_token: token, password: 'Strong123' },
    });
    expect(retry.status).toBe(200);
  });
});
