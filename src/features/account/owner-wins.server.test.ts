// The owner of a mailbox always wins (docs/decisions/0014-*), as a stranger would try it: probes 1 and
// 3, one account per mailbox, the confirmation link and sending it again, the held mailing-list sign-ups and the reset link
// a stranger's password change cannot void. On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { readOperatorCsv } from '../../server/operator-csv.ts';
import { hashPassword } from '../../server/passwords.ts';
import { confirmMailSubject, RESEND_LIMIT } from './confirmation.server.ts';
import { mailingListCsv } from './mailing-list.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

async function register(email: string, password = 'Stranger123') {
  const body = {
    email,
    password,
    website: '',
    form_ticket: await t.ticket('register'),
    human_check_token: await t.humanToken('register'),
  };
  return t.call('POST', '/auth/register', { body, ip: freshIp() });
}
const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/auth/login', { body: { email, password, ...extra }, ip: freshIp() });
const profile = async (token: string) => (await t.call('GET', '/me/profile', { token })).status;
const verifiedAt = async (id: string) =>
  (await t.db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow())
    .email_verified_at;

/** The newest link of this kind mailed to `email`. */
async function linkIn(email: string, param: 'confirm_token' | 'reset_token') {
  const mails = (await t.outbox()).filter((mail) => mail.to === email);
  const found = mails.map((mail) => new RegExp(`${param}=([\\w-]+)`).exec(mail.text)?.[1]).filter(Boolean);
  return found.at(-1) as string;
}

describe('one account per mailbox', () => {
  it('a second spelling of a registered mailbox is the same account: 409, and signs in to that account', async () => {
    const first = await register('Pat.Lee@gmail.com', 'PatsOwn123');
    expect(first.status).toBe(201);
    for (const spelling of ['patlee+x@googlemail.com', 'p.a.t.l.e.e@gmail.com']) {
      const again = await register(spelling);
      expect(again.status).toBe(409);
      expect(again.json.error.code).toBe('email_taken');
    }
    const signedIn = await login('PATLEE+shop@gmail.com', 'PatsOwn123');
    expect(signedIn.json.user_id).toBe(first.json.user_id);
  });

  it('two spellings registered at the same moment make one account', async () => {
    const answers = await Promise.all([register('same.time@proton.me'), register('sametime@pm.me')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe("probe 1: a stranger cannot undo a person's sign-in throttle", () => {
  it("a success on another account sharing the mailbox does not clear the person's failures", async () => {
    await t.member('victim1@example.com', 'Right1234');
    // The alias cannot be registered any more...
    expect((await register('victim1+x@example.com')).status).toBe(409);
    // ...but a second account of the mailbox made before migration 0019 may still exist.
    await t.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: 'victim1+x@example.com',
        mailbox: null,
        password_hash: await hashPassword('Stranger123'),
        created_at: t.now(),
        updated_at: t.now(),
      })
      .execute();
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) answers.push((await login('victim1@example.com', 'Guess1234')).status);
      answers.push((await login('victim1+x@example.com', 'Stranger123')).status);
    }
    // Four failures, the stranger's own sign-in, one more failure: the fifth asks for the check.
    expect(answers.slice(0, 7)).toEqual([401, 401, 401, 401, 200, 401, 403]);
    expect(answers.slice(7).filter((status) => status !== 200)).toEqual([403, 403, 403, 403, 403, 403]);
  });

  it("a success clears the account's own failures, whatever spelling signed in", async () => {
    await t.member('owner1@example.com', 'Right1234');
    for (let i = 0; i < 4; i++) expect((await login('owner1@example.com', 'Guess1234')).status).toBe(401);
    expect((await login('Owner1+me@example.com', 'Right1234')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('owner1@example.com', 'Guess1234')).status).toBe(401);
  });
});

describe("probe 3: a stranger who registers someone's address cannot keep the owner out", () => {
  it("the owner takes the account through a reset link, and the stranger's sessions end", async () => {
    const stranger = await register('victim3@example.com', 'Stranger123');
    expect(stranger.status).toBe(201);
    expect(await profile(stranger.json.token)).toBe(200);
    expect(await verifiedAt(stranger.json.user_id)).toBeNull();
    // The owner cannot make a second account of the mailbox...
    expect((await register('Victim3+mine@example.com', 'Owner12345')).status).toBe(409);
    // ...and the stranger spends the mails the form sends on request alone.
    for (let i = 0; i < 3; i++) {
      await t.call('POST', '/auth/password_reset/request', { body: { email: 'victim3@example.com' } });
    }
    const owner = await t.call('POST', '/auth/password_reset/request', {
      body: { email: 'victim3@example.com', human_check_token: await t.humanToken('password-reset') },
      ip: freshIp(),
    });
    expect(owner.status).toBe(200);
    const reset = await t.call('POST', '/auth/password_reset/submit', {
      body: { reset_token: await linkIn('victim3@example.com', 'reset_token'), password: 'Owner12345' },
    });
    expect(reset.status).toBe(200);
    expect(await profile(stranger.json.token)).toBe(401);
    expect((await login('victim3@example.com', 'Stranger123')).status).toBe(401);
    expect((await login('victim3@example.com', 'Owner12345')).status).toBe(200);
    expect(await verifiedAt(stranger.json.user_id)).toBe(t.now());
  });

  it("the stranger's confirmation link, opened by the owner, confirms nothing for the stranger", async () => {
    const stranger = await register('victim3b@example.com', 'Stranger123');
    const token = await linkIn('victim3b@example.com', 'confirm_token');
    // The owner opens the link and signs in with a password of their own: refused, nothing confirmed.
    expect((await login('victim3b@example.com', 'Owner12345', { confirm_token: token })).status).toBe(401);
    expect(await verifiedAt(stranger.json.user_id)).toBeNull();
    expect(await profile(stranger.json.token)).toBe(200);
  });
});

describe('confirming the address', () => {
  it('the registration mails a link; signing in with it and the password confirms and ends the other sessions', async () => {
    const answer = await register('new.member@example.com', 'Member1234');
    expect(answer.status).toBe(201);
    const mail = (await t.outbox()).filter((m) => m.to === 'new.member@example.com');
    expect(mail.map((m) => m.subject)).toEqual([confirmMailSubject]);
    expect(mail[0]?.text).toMatch(/\nhttp:\/\/localhost:4321\/account\/login\?confirm_token=[\w-]{43}\n/);
    const token = await linkIn('new.member@example.com', 'confirm_token');
    const confirmed = await login('new.member@example.com', 'Member1234', { confirm_token: token });
    expect(confirmed.json).toEqual({
      token: expect.any(String),
      user_id: answer.json.user_id,
      confirmed: true,
    });
    expect(await verifiedAt(answer.json.user_id)).toBe(t.now());
    expect(await profile(answer.json.token)).toBe(401);
    expect(await profile(confirmed.json.token)).toBe(200);
    // A link works once.
    const again = await login('new.member@example.com', 'Member1234', { confirm_token: token });
    expect(again.json.confirmed).toBe(false);
    expect(await profile(confirmed.json.token)).toBe(200);
  });

  it('a link of another account or past 7 days confirms nothing (the sign-in itself still works)', async () => {
    const one = await register('one.link@example.com', 'Member1234');
    const two = await register('two.link@example.com', 'Member1234');
    const foreign = await login('two.link@example.com', 'Member1234', {
      confirm_token: await linkIn('one.link@example.com', 'confirm_token'),
    });
    expect(foreign.json.confirmed).toBe(false);
    t.advance(7 * 24 * 60 * 60 * 1000 + 1);
    const late = await login('one.link@example.com', 'Member1234', {
      confirm_token: await linkIn('one.link@example.com', 'confirm_token'),
    });
    expect(late.status).toBe(200);
    expect(late.json.confirmed).toBe(false);
    expect(await verifiedAt(one.json.user_id)).toBeNull();
    expect(await verifiedAt(two.json.user_id)).toBeNull();
  });
});

/** The addresses `mailing-list export` would hand the mailing tool. */
const exported = async () => readOperatorCsv(await mailingListCsv(t.deps)).map((row) => row.email);
const signUp = (token: string) =>
  t.call('POST', '/me/mailing-lists', { token, body: { lists: ['news', 'offers'] } });
const signUpsOf = async (email: string) =>
  (await t.db.selectFrom('mailing_list_members').select('list').where('email', '=', email).execute()).length;

/** The owner asks for a reset link with a passed check (whatever strangers asked before): its token. */
async function ownerResets(email: string) {
  const asked = await t.call('POST', '/auth/password_reset/request', {
    body: { email, human_check_token: await t.humanToken('password-reset') },
    ip: freshIp(),
  });
  expect(asked.status).toBe(200);
  return linkIn(email, 'reset_token');
}
const submitReset = (reset_token: string, password = 'Owner12345') =>
  t.call('POST', '/auth/password_reset/submit', { body: { reset_token, password } });

describe("a stranger cannot sign someone's address up for the mailing lists (confirmed opt-in)", () => {
  it("the stranger's sign-up is held, never exported, and dropped when the owner takes the account over", async () => {
    const stranger = await register('victim.lists@example.com', 'Stranger123');
    expect((await signUp(stranger.json.token)).status).toBe(200);
    expect(await signUpsOf('victim.lists@example.com')).toBe(2);
    expect(await exported()).not.toContain('victim.lists@example.com');
    const reset = await submitReset(await ownerResets('victim.lists@example.com'));
    expect(reset.status).toBe(200);
    expect(await verifiedAt(stranger.json.user_id)).toBe(t.now());
    // Confirmed now, by the owner's link: the stranger's sign-ups went with the takeover.
    expect(await signUpsOf('victim.lists@example.com')).toBe(0);
    expect(await exported()).not.toContain('victim.lists@example.com');
  });

  it("a member's own sign-up is exported once the address is confirmed by the mailed link, and kept", async () => {
    const member = await register('own.lists@example.com', 'Member1234');
    expect((await signUp(member.json.token)).status).toBe(200);
    expect(await exported()).not.toContain('own.lists@example.com');
    const confirmed = await login('own.lists@example.com', 'Member1234', {
      confirm_token: await linkIn('own.lists@example.com', 'confirm_token'),
    });
    expect(confirmed.json.confirmed).toBe(true);
    expect(await exported()).toContain('own.lists@example.com');
    // A later reset of the confirmed account takes nothing over: the sign-ups stay.
    expect((await submitReset(await ownerResets('own.lists@example.com'))).status).toBe(200);
    expect(await exported()).toContain('own.lists@example.com');
  });

  it("a sign-up made after the owner took the account over is the owner's and is exported", async () => {
    await register('late.lists@example.com', 'Stranger123');
    expect((await submitReset(await ownerResets('late.lists@example.com'))).status).toBe(200);
    const owner = await login('late.lists@example.com', 'Owner12345');
    expect((await signUp(owner.json.token)).status).toBe(200);
    expect(await exported()).toContain('late.lists@example.com');
  });
});

describe("a stranger cannot void the owner's reset link", () => {
  it("the stranger's password change on the unconfirmed account leaves the owner's link working", async () => {
    const stranger = await register('victim.link@example.com', 'Stranger123');
    const link = await ownerResets('victim.link@example.com');
    const change = await t.call('POST', '/me/profile/password', {
      token: stranger.json.token,
      body: { old_password: 'Stranger123', new_password: 'Stranger456' },
    });
    expect(change.status).toBe(200);
    const reset = await submitReset(link);
    expect(reset.status).toBe(200);
    // The used link still ends every other session, the one the change handed the stranger too.
    expect(await profile(change.json.token)).toBe(401);
    expect((await login('victim.link@example.com', 'Stranger456')).status).toBe(401);
    expect((await login('victim.link@example.com', 'Owner12345')).status).toBe(200);
  });

  it('once the address is confirmed, a password change voids the links sent before it', async () => {
    const member = await register('sure.owner@example.com', 'Member1234');
    const confirmed = await login('sure.owner@example.com', 'Member1234', {
      confirm_token: await linkIn('sure.owner@example.com', 'confirm_token'),
    });
    expect(confirmed.json.confirmed).toBe(true);
    const link = await ownerResets('sure.owner@example.com');
    const change = await t.call('POST', '/me/profile/password', {
      token: confirmed.json.token,
      body: { old_password: 'Member1234', new_password: 'Member5678' },
    });
    expect(change.status).toBe(200);
    expect((await submitReset(link)).json.error.code).toBe('invalid_token');
    expect(await verifiedAt(member.json.user_id)).not.toBeNull();
  });

  it('a used link voids the other links of the account', async () => {
    await register('two.links@example.com', 'Stranger123');
    const first = await ownerResets('two.links@example.com');
    const second = await ownerResets('two.links@example.com');
    expect((await submitReset(second)).status).toBe(200);
    expect((await submitReset(first, 'Other12345')).json.error.code).toBe('invalid_token');
  });
});

describe('sending the confirmation link again (the /account notice)', () => {
  const resend = (token: string) => t.call('POST', '/me/email-confirmation', { token });
  const confirmMails = async (email: string) =>
    (await t.outbox()).filter((mail) => mail.to === email && mail.subject === confirmMailSubject).length;

  it('the profile says the address is not confirmed; a new link is mailed, and it confirms', async () => {
    const member = await register('again@example.com', 'Member1234');
    expect((await t.call('GET', '/me/profile', { token: member.json.token })).json.email_confirmed).toBe(
      false,
    );
    const first = await linkIn('again@example.com', 'confirm_token');
    const answer = await resend(member.json.token);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(await confirmMails('again@example.com')).toBe(2);
    const second = await linkIn('again@example.com', 'confirm_token');
    expect(second).not.toBe(first);
    const confirmed = await login('again@example.com', 'Member1234', { confirm_token: second });
    expect(confirmed.json.confirmed).toBe(true);
    const now = await t.call('GET', '/me/profile', { token: confirmed.json.token });
    expect(now.json.email_confirmed).toBe(true);
    const late = await resend(confirmed.json.token);
    expect(late.status).toBe(409);
    expect(late.json.error).toEqual({
      code: 'already_confirmed',
      description: 'Your email address is already confirmed.',
    });
    expect(await confirmMails('again@example.com')).toBe(2);
  });

  it(`mails at most ${RESEND_LIMIT.limit} a day per account, a burst too; past it 429 and nothing mailed`, async () => {
    const member = await register('burst.again@example.com', 'Stranger123');
    const answers = await Promise.all(
      Array.from({ length: RESEND_LIMIT.limit + 4 }, () => resend(member.json.token)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(RESEND_LIMIT.limit).fill(200), ...Array(4).fill(429)]);
    expect(answers.find((answer) => answer.status === 429)?.json.error.code).toBe('rate_limited');
    // The registration's own mail, and the limit's.
    expect(await confirmMails('burst.again@example.com')).toBe(1 + RESEND_LIMIT.limit);
    // Another session of the account shares the count; a day later it may send again.
    const other = await login('burst.again@example.com', 'Stranger123');
    expect((await resend(other.json.token)).status).toBe(429);
    t.advance(RESEND_LIMIT.windowMs);
    expect((await resend(other.json.token)).status).toBe(200);
    expect(await confirmMails('burst.again@example.com')).toBe(2 + RESEND_LIMIT.limit);
  });

  it('needs a session', async () => {
    expect((await t.call('POST', '/me/email-confirmation')).status).toBe(401);
  });
});
