// The account's limits under a burst: requests sent at the same moment each read the count another has
// not yet written, unless counting and checking are one step (src/server/rate-limit.ts hitAll). Each
// burst comes from its own browsers and addresses where the limit is not theirs. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { LIMITS } from '../../server/rate-limit.ts';
import { signUpValues } from './account.sample.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const BURST = 15;

/** How many answers had each status (or error code, for the 4xx that have one). */
function tally(answers: { status: number; json: { error?: { code?: string } } }[]) {
  const counts: Record<string, number> = {};
  for (const { status, json } of answers) {
    const key = json?.error?.code ? `${status} ${json.error.code}` : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const login = (email: string, password: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
  t.call('POST', '/auth/login', { body: { email, password, ...extra }, ip });

describe('sign-in under a burst', () => {
  it(`${BURST} wrong passwords for one account at once: ${LIMITS.loginFailuresPerEmail.limit} are checked, the rest meet the human check`, async () => {
    const member = await t.member(undefined, 'Right123');
    const limit = LIMITS.loginFailuresPerEmail.limit;
    const burst = await Promise.all(Array.from({ length: BURST }, () => login(member.email, 'Wrong123')));
    expect(tally(burst)).toEqual({
      '401 invalid_credentials': limit,
      '403 human_check_required': BURST - limit,
    });
    // Never a lockout: the right password needs the check now, and with it signs in.
    expect((await login(member.email, 'Right123')).json.error.code).toBe('human_check_required');
    const owner = await login(member.email, 'Right123', freshIp(), {
      human_check_token: await t.humanToken('login'),
    });
    expect(owner.status).toBe(200);
    expect((await login(member.email, 'Right123')).status).toBe(200);
  });

  it('a burst at an address with no account counts alike', async () => {
    const limit = LIMITS.loginFailuresPerEmail.limit;
    const burst = await Promise.all(
      Array.from({ length: BURST }, () => login('nobody-burst@example.com', 'Wrong123')),
    );
    expect(tally(burst)).toEqual({
      '401 invalid_credentials': limit,
      '403 human_check_required': BURST - limit,
    });
  });

  it('a burst from one network address: no more failures reach the password than its ceiling', async () => {
    const ip = freshIp();
    const limit = LIMITS.loginFailuresPerIp.limit;
    const burst = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => login(`guess-burst${i}@example.com`, 'Wrong123', ip)),
    );
    expect(tally(burst)).toEqual({ '401 invalid_credentials': limit, '403 human_check_required': 10 });
    const member = await t.member(undefined, 'Right123');
    expect((await login(member.email, 'Right123', ip)).json.error.code).toBe('human_check_required');
    const checked = await login(member.email, 'Right123', ip, {
      human_check_token: await t.humanToken('login'),
    });
    expect(checked.status).toBe(200);
  });

  it('successful sign-ins, counted while their password is checked, give the address its count back', async () => {
    const ip = freshIp();
    const member = await t.member(undefined, 'Right123');
    for (let i = 0; i <= LIMITS.loginFailuresPerIp.limit; i++) {
      expect((await login(member.email, 'Right123', ip)).status).toBe(200);
    }
  });
});

describe('password reset requests under a burst', () => {
  const ask = (email: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
    t.call('POST', '/auth/password_reset/request', { body: { email, ...extra }, ip });

  it(`${BURST} requests for one mailbox at once: ${LIMITS.resetMailsPerTarget.limit} mails, the rest meet the human check`, async () => {
    const member = await t.member();
    const limit = LIMITS.resetMailsPerTarget.limit;
    const burst = await Promise.all(Array.from({ length: BURST }, () => ask(member.email)));
    expect(tally(burst)).toEqual({ '200': limit, '403 human_check_required': BURST - limit });
    expect((await t.outbox()).filter((mail) => mail.to === member.email)).toHaveLength(limit);
  });

  it('a burst from one browser, or from one network address: no more than their limits', async () => {
    const browser = LIMITS.resetPerBrowser.limit;
    const form_ticket = await t.ticket('password-reset');
    const fromBrowser = await Promise.all(
      Array.from({ length: browser + 5 }, (_, i) =>
        ask(`browser-burst${i}@example.com`, freshIp(), { form_ticket }),
      ),
    );
    expect(tally(fromBrowser)).toEqual({ '200': browser, '429 rate_limited': 5 });

    const address = LIMITS.resetPerIp.limit;
    const ip = freshIp();
    const fromAddress = await Promise.all(
      Array.from({ length: address + 5 }, (_, i) => ask(`address-burst${i}@example.com`, ip)),
    );
    expect(tally(fromAddress)).toEqual({ '200': address, '429 rate_limited': 5 });
  });
});

describe('password reset requests, one step per request', () => {
  it("a request refused by the browser's limit uses none of the address's", async () => {
    const ip = freshIp();
    const form_ticket = await t.ticket('password-reset');
    const ask = (extra: Record<string, unknown> = {}) =>
      t.call('POST', '/auth/password_reset/request', {
        body: { email: 'own-steps@example.com', ...extra },
        ip,
      });
    // Past the mailbox's own 3 mails each request with a passed check, so only the requester's limits answer.
    const checked = async () => ({ human_check_token: await t.humanToken('password-reset') });
    for (let i = 0; i < LIMITS.resetPerBrowser.limit; i++)
      expect((await ask({ form_ticket, ...(await checked()) })).status).toBe(200);
    for (let i = 0; i < LIMITS.resetPerIp.limit; i++)
      expect((await ask({ form_ticket, ...(await checked()) })).status).toBe(429);
    expect((await ask(await checked())).status).toBe(200);
  });
});

describe('registrations under a burst', () => {
  it(`${BURST} sign-ups of one mailbox at once, each from its own browser: ${LIMITS.formAttempts.limit} attempts count, one account`, async () => {
    const bodies = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => ({
        ...signUpValues(),
        email: i % 2 ? 'Burst.Member+x@example.com' : 'burst.member@example.com',
        form_ticket: await t.ticket('register'),
        human_check_token: await t.humanToken('register'),
      })),
    );
    const burst = await Promise.all(
      bodies.map((body) => t.call('POST', '/auth/register', { body, ip: freshIp() })),
    );
    const counts = tally(burst);
    expect(counts['201']).toBe(1);
    expect(counts['429 rate_limited']).toBe(BURST - LIMITS.formAttempts.limit);
    const accounts = await t.db
      .selectFrom('users')
      .select('id')
      .where('mailbox', '=', 'burst.member@example.com')
      .execute();
    expect(accounts).toHaveLength(1);
  });
});
