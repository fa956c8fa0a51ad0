import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { sha256 } from '../../server/tokens.ts';
import { signUpValues } from './account.sample.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true }); // sign-up needs the stand-in check
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test signs up from its own address, so the 3-per-hour rule of one test does not leak. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function registerBody(email: string, extra: Record<string, unknown> = {}) {
  const { password, website } = signUpValues();
  return {
    email,
    password,
    website,
    form_ticket: await t.ticket('register'),
    human_check_token: await t.humanToken('register'),
    ...extra,
  };
}

describe('POST /auth/register', () => {
  it('creates the account with an argon2id hash and a hashed session, and answers 201 { token, user_id }', async () => {
    const answer = await t.call('POST', '/auth/register', {
      body: await registerBody(' New@Example.com '),
      ip: freshIp(),
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ token: expect.any(String), user_id: expect.any(String) });
    expect(answer.json.token).toMatch(/^[\w-]{43}$/);

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', answer.json.user_id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe('new@example.com');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([sha256(answer.json.token)]);

    const profile = await t.call('GET', '/me/profile', { token: answer.json.token });
    expect(profile.json.email).toBe('new@example.com');
  });

  it('answers 409 email_taken for a registered address', async () => {
    await t.member('taken@example.com');
    const answer = await t.call('POST', '/auth/register', {
      body: await registerBody('TAKEN@example.com'),
      ip: freshIp(),
    });
    expect(answer.status).toBe(409);
    expect(answer.json.error.code).toBe('email_taken');
  });

  it('refuses a filled trap field first: 400 invalid_submission', async () => {
    const answer = await t.call('POST', '/auth/register', {
      body: { email: 'bad', website: 'http://spam.example' },
      ip: freshIp(),
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({ code: 'invalid_submission', description: 'Invalid submission' });
  });

  it('refuses a missing, forged, foreign or too young ticket: 400 too_fast', async () => {
    const ip = freshIp();
    const good = await t.ticket('register');
    const cases = [
      undefined,
      '',
      good.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
      await t.ticket('giveaway'),
      good.replace(/\.\d+\./, `.${t.now() - 5000}.`),
    ];
    t.advance(2900);
    cases.push((await t.call('GET', '/form-ticket?form=register')).json.ticket);
    t.advance(2900); // 2.9 s after its issue: still too young
    for (const form_ticket of cases) {
      const answer = await t.call('POST', '/auth/register', { body: { email: 'bad', form_ticket }, ip });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({
        code: 'too_fast',
        description: 'Please review your information and try again',
      });
    }
    t.advance(13 * 60 * 60 * 1000); // a ticket from a page left open for half a day
    const stale = await t.call('POST', '/auth/register', { body: { form_ticket: good }, ip });
    expect(stale.json.error.code).toBe('too_fast');
  });

  it('allows 3 human-checked attempts per hour per email, from any browser or network address, then 429 rate_limited', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        (
          await t.call('POST', '/auth/register', {
            body: await registerBody('often@example.com'),
            ip: freshIp(),
          })
        ).status,
      );
    }
    expect(answers).toEqual([201, 409, 409]);
    const fourth = await t.call('POST', '/auth/register', {
      body: await registerBody('OFTEN@example.com'),
      ip: freshIp(),
    });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error).toEqual({
      code: 'rate_limited',
      description: 'Too many attempts. Please try again later',
    });
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: await registerBody('else@example.com'),
          ip: freshIp(),
        })
      ).status,
    ).toBe(201);
    t.advance(60 * 60 * 1000 + 1);
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: await registerBody('often@example.com'),
          ip: freshIp(),
        })
      ).status,
    ).toBe(409);
  });

  it('a stranger cannot lock a person out: attempts in their name without a passed human check count for the browser and address only', async () => {
    const strangerTicket = await t.ticket('register');
    const strangerIp = freshIp();
    for (const human_check_token of ['bogus', '', 'made-up', undefined]) {
      const answer = await t.call('POST', '/auth/register', {
        body: await registerBody('lockout-target@example.com', {
          form_ticket: strangerTicket,
          human_check_token,
        }),
        ip: strangerIp,
      });
      expect(answer.json.error.code).toBe(
        human_check_token === undefined ? 'rate_limited' : 'human_check_failed',
      );
    }
    const victim = await t.call('POST', '/auth/register', {
      body: await registerBody('Lockout-Target@example.com'),
      ip: freshIp(),
    });
    expect(victim.status).toBe(201);
  });

  it('allows 3 attempts per hour per browser (its form ticket), before the field checks', async () => {
    const form_ticket = await t.ticket('register');
    for (let i = 0; i < 3; i++) {
      const answer = await t.call('POST', '/auth/register', { body: { form_ticket }, ip: freshIp() });
      expect(answer.json.error.code).toBe('invalid_input');
    }
    const fourth = await t.call('POST', '/auth/register', {
      body: await registerBody('browser@example.com', { form_ticket }),
      ip: freshIp(),
    });
    expect(fourth.status).toBe(429);
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: await registerBody('browser@example.com'),
          ip: freshIp(),
        })
      ).status,
    ).toBe(201);
  });

  it('lets many people sign up from one network address (a store Wi-Fi): 30 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const answer = await t.call('POST', '/auth/register', {
        body: await registerBody(`wifi${i}@example.com`),
        ip,
      });
      expect(answer.status).toBe(201);
    }
  });

  it('checks the fields with the product.md 5.2 messages', async () => {
    const cases: [unknown, string][] = [
      ['short1A', 'Password must be at least 8 characters'],
      ['lowercase1', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1', 'Password must contain at least one lowercase letter'],
      ['NoDigitsHere', 'Password must contain at least one number'],
    ];
    for (const [password, description] of cases) {
      const answer = await t.call('POST', '/auth/register', {
        body: { ...(await registerBody('fields@example.com')), password },
        ip: freshIp(),
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({
        code: 'invalid_input',
        description,
        fields: { password: description },
      });
    }
    const email = await t.call('POST', '/auth/register', {
      body: await registerBody('not-an-email'),
      ip: freshIp(),
    });
    expect(email.json.error.description).toBe('Please enter a valid email address');
  });

  it('needs a verified, unused human check for this action: 400 human_check_failed', async () => {
    const used = await t.humanToken('register');
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: await registerBody('hc1@example.com', { human_check_token: used }),
          ip: freshIp(),
        })
      ).status,
    ).toBe(201);
    const tokens = [undefined, '', 'made-up', used, await t.humanToken('contact')];
    for (const [i, human_check_token] of tokens.entries()) {
      const answer = await t.call('POST', '/auth/register', {
        body: await registerBody(`hc2-${i}@example.com`, { human_check_token }),
        ip: freshIp(),
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({
        code: 'human_check_failed',
        description: 'Please complete the security check',
      });
    }
    expect(await t.db.selectFrom('users').select('id').where('email', 'like', 'hc2-%').execute()).toEqual([]);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password (address case and spaces do not matter)', async () => {
    const member = await t.member('login@example.com', 'Right123');
    const answer = await t.call('POST', '/auth/login', {
      body: { email: ' LOGIN@example.com', password: 'Right123' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ token: expect.any(String), user_id: member.id, confirmed: false });
    expect((await t.call('GET', '/me/profile', { token: answer.json.token })).status).toBe(200);
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown address, alike', async () => {
    await t.member('login2@example.com', 'Right123');
    for (const email of ['login2@example.com', 'nobody@example.com']) {
      const answer = await t.call('POST', '/auth/login', {
        body: { email, password: 'Wrong123' },
        ip: freshIp(),
      });
      expect(answer.status).toBe(401);
      expect(answer.json.error).toEqual({
        code: 'invalid_credentials',
        description: 'Incorrect user name or password',
      });
    }
  });

  const login = (email: string, password: string, ip: string | undefined = freshIp(), token?: string) =>
    t.call('POST', '/auth/login', {
      body: { email, password, ...(token === undefined ? {} : { human_check_token: token }) },
      ip,
    });

  it('after 5 failures for an address asks for the human check instead of refusing; the right password with it signs in', async () => {
    await t.member('victim@example.com', 'Right123');
    for (let i = 0; i < 5; i++) {
      const answer = await login('victim@example.com', 'Wrong123');
      expect(answer.status).toBe(401);
      expect(answer.json.error.description).toBe('Incorrect user name or password');
    }
    const asked = await login('Victim@example.com', 'Right123');
    expect(asked.status).toBe(403);
    expect(asked.json.error).toEqual({
      code: 'human_check_required',
      description: 'Please complete the security check to sign in.',
    });
    for (const token of ['made-up', await t.humanToken('register')]) {
      const failed = await login('victim@example.com', 'Right123', freshIp(), token);
      expect(failed.status).toBe(400);
      expect(failed.json.error.code).toBe('human_check_failed');
    }
    // A stranger who passes the check still only learns that the password is wrong...
    expect(
      (await login('victim@example.com', 'Wrong123', freshIp(), await t.humanToken('login'))).status,
    ).toBe(401);
    // ...and the owner, with the check, always gets in.
    const owner = await login('victim@example.com', 'Right123', freshIp(), await t.humanToken('login'));
    expect(owner.status).toBe(200);
    expect(owner.json.token).toEqual(expect.any(String));
    // Signing in cleared the address's failures: no check needed for the next sign-in.
    expect((await login('victim@example.com', 'Right123')).status).toBe(200);
  });

  it('never locks the owner out, however long strangers keep failing', async () => {
    await t.member('target@example.com', 'Right123');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) {
        const token = round === 0 ? undefined : await t.humanToken('login');
        expect((await login('target@example.com', 'Wrong123', freshIp(), token)).status).toBe(401);
      }
      expect(
        (await login('target@example.com', 'Right123', freshIp(), await t.humanToken('login'))).status,
      ).toBe(200);
    }
  });

  it('counts failures only: successful sign-ins never lead to the check', async () => {
    await t.member('regular@example.com', 'Right123');
    const ip = freshIp();
    for (let i = 0; i < 7; i++) expect((await login('regular@example.com', 'Right123', ip)).status).toBe(200);
  });

  it('counts unknown addresses like known ones (the answers never tell which exist)', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody-here@example.com', 'Wrong123')).status).toBe(401);
    expect((await login('nobody-here@example.com', 'Wrong123')).json.error.code).toBe('human_check_required');
    t.advance(15 * 60 * 1000 + 1);
    expect((await login('nobody-here@example.com', 'Wrong123')).status).toBe(401);
  });

  it('per network address: 20 failures ask for the check, 100 attempts in 15 minutes are a flood (429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await login(`guess${i}@example.com`, 'Wrong123', ip)).status).toBe(401);
    const member = await t.member(undefined, 'Right123');
    expect((await login(member.email, 'Right123', ip)).json.error.code).toBe('human_check_required');
    expect((await login(member.email, 'Right123', freshIp())).status).toBe(200);
    for (let i = 21; i < 100; i++)
      expect((await login(`guess${i}@example.com`, 'Wrong123', ip)).status).toBe(403);
    const flood = await login('guess@example.com', 'Wrong123', ip);
    expect(flood.status).toBe(429);
    expect(flood.json.error.code).toBe('rate_limited');
    expect((await login('guess@example.com', 'Wrong123')).status).toBe(401);
  });

  it('without a client address, no shared bucket: only the per-email count applies', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 21; i++)
        expect((await login(`anon${i}@example.com`, 'Wrong123', '')).status).toBe(401);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('POST /auth/logout', () => {
  it('ends this session on the server only', async () => {
    const member = await t.member();
    const other = await t.call('POST', '/auth/login', {
      body: { email: member.email, password: member.password },
    });
    const answer = await t.call('POST', '/auth/logout', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect((await t.call('GET', '/me/profile', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/me/profile', { token: other.json.token })).status).toBe(200);
  });

  it('answers 200 without a session too (signing out always works)', async () => {
    expect((await t.call('POST', '/auth/logout')).json).toEqual({ ok: true });
    expect((await t.call('POST', '/auth/logout', { token: 'stale' })).status).toBe(200);
  });
});
