import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { sha256 } from '../../server/tokens.ts';
import { profileValues } from './account.sample.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const profileBody = profileValues({ first_name: ' Pat ', last_name: 'Lee', city: 'Erie', zip: '16501-1234' });

describe('/me needs a valid session', () => {
  it('answers 401 unauthorized without a token, with a wrong one, or with an expired session', async () => {
    const member = await t.member();
    const unauthorized = { code: 'unauthorized', description: 'Please sign in again.' };
    for (const token of [undefined, 'not-a-session']) {
      const answer = await t.call('GET', '/me/profile', { token });
      expect(answer.status).toBe(401);
      expect(answer.json.error).toEqual(unauthorized);
    }
    expect((await t.call('DELETE', '/me', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    t.advance(30 * 24 * 60 * 60 * 1000 + 1);
    expect((await t.call('GET', '/me/entries', { token: member.token })).json.error).toEqual(unauthorized);
  });
});

describe('profile', () => {
  it('GET /me/profile answers the profile fields, the VIP numbers and whether the address is confirmed', async () => {
    const member = await t.member('fresh@example.com');
    const answer = await t.call('GET', '/me/profile', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      email: 'fresh@example.com',
      first_name: '',
      last_name: '',
      phone: '',
      address_1: '',
      address_2: '',
      city: '',
      state: '',
      zip: '',
      vip: { registration_number: '', secondary_number: '' },
      email_confirmed: false,
    });
  });

  it('PUT /me/profile saves the fields (trimmed, phone as digits) and answers the profile', async () => {
    const member = await t.member('put@example.com');
    const answer = await t.call('PUT', '/me/profile', { token: member.token, body: profileBody });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      email: 'put@example.com',
      first_name: 'Pat',
      phone: '8145550100',
      zip: '16501-1234',
    });
    expect((await t.call('GET', '/me/profile', { token: member.token })).json).toEqual(answer.json);
  });

  it('PUT /me/profile checks the fields with the product.md messages and keeps the email read-only', async () => {
    const member = await t.member('checks@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ zip: '1234' }, 'Please enter a valid ZIP code'],
      [{ first_name: '  ' }, 'First name is required'],
      [{ phone: '555-0100' }, 'Please enter a valid 10-digit phone number'],
      [{ state: 'XX' }, 'State is required'],
      [{ city: undefined }, 'City is required'],
    ];
    for (const [change, description] of cases) {
      const answer = await t.call('PUT', '/me/profile', {
        token: member.token,
        body: { ...profileBody, ...change },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({ code: 'invalid_input', description });
    }
    await t.call('PUT', '/me/profile', {
      token: member.token,
      body: { ...profileBody, email: 'other@example.com' },
    });
    expect((await t.call('GET', '/me/profile', { token: member.token })).json.email).toBe(
      'checks@example.com',
    );
  });

  it('PUT /me/vip saves the two numbers', async () => {
    const member = await t.member();
    const answer = await t.call('PUT', '/me/vip', {
      token: member.token,
      body: { registration_number: ' VIP-123 ', secondary_number: '77' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.vip).toEqual({ registration_number: 'VIP-123', secondary_number: '77' });
    const tooLong = await t.call('PUT', '/me/vip', {
      token: member.token,
      body: { registration_number: 'x'.repeat(41) },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('POST /me/profile/password', () => {
  it('refuses a wrong current password with 400 wrong_password', async () => {
    const member = await t.member(undefined, 'Current123');
    const answer = await t.call('POST', '/me/profile/password', {
      token: member.token,
      body: { old_password: 'Wrong1234', new_password: 'Newer1234' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({
      code: 'wrong_password',
      description: 'Your current password is incorrect.',
    });
  });

  it('changes the password, ends every session and hands this browser a new one (rotated)', async () => {
    const member = await t.member(undefined, 'Current123');
    const other = (
      await t.call('POST', '/auth/login', { body: { email: member.email, password: 'Current123' } })
    ).json.token;
    const answer = await t.call('POST', '/me/profile/password', {
      token: member.token,
      body: { old_password: 'Current123', new_password: 'Newer1234' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(answer.json.token).not.toBe(member.token);
    // The token that made the change is rotated: a copy of it (stolen earlier) is worth nothing now.
    expect((await t.call('GET', '/me/profile', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/me/profile', { token: answer.json.token })).status).toBe(200);
    expect((await t.call('GET', '/me/profile', { token: other })).status).toBe(401);
    const login = await t.call('POST', '/auth/login', {
      body: { email: member.email, password: 'Newer1234' },
      ip: '192.0.2.200',
    });
    expect(login.status).toBe(200);
  });

  it('makes every reset link sent before the change invalid, once the address is confirmed', async () => {
    const member = await t.member(undefined, 'Current123');
    // An unconfirmed account keeps its links (owner-wins.server.test.ts): the mailbox's owner's way in.
    await t.db.updateTable('users').set({ email_verified_at: t.now() }).where('id', '=', member.id).execute();
    const request = await t.call('POST', '/auth/password_reset/request', {
      body: { email: member.email },
      ip: '192.0.2.201',
    });
    expect(request.status).toBe(200);
    const mail = (await t.outbox()).find((m) => m.to.includes(member.email));
    const resetToken = /reset_token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(resetToken).toBeDefined();
    const change = await t.call('POST', '/me/profile/password', {
      token: member.token,
      body: { old_password: 'Current123', new_password: 'Newer1234' },
    });
    expect(change.status).toBe(200);
    const reset = await t.call('POST', '/auth/password_reset/submit', {
      body: { reset_token: resetToken, password: 'Hijack123' },
    });
    expect(reset.status).toBe(400);
    expect(reset.json.error).toEqual({
      code: 'invalid_token',
      description: 'This reset link is invalid or has expired.',
    });
    expect((await t.call('GET', '/me/profile', { token: change.json.token })).status).toBe(200);
  });

  it('checks the new password with the product.md 5.2 rules', async () => {
    const member = await t.member(undefined, 'Current123');
    const answer = await t.call('POST', '/me/profile/password', {
      token: member.token,
      body: { old_password: 'Current123', new_password: 'alllowercase1' },
    });
    expect(answer.json.error).toMatchObject({
      code: 'invalid_input',
      description: 'Password must contain at least one uppercase letter',
    });
  });
});

describe('mailing lists, entries, deletion', () => {
  it('POST /me/mailing-lists signs the member up once per list, with source Account', async () => {
    const member = await t.member('lists@example.com');
    await t.call('PUT', '/me/profile', { token: member.token, body: profileBody });
    for (let i = 0; i < 2; i++) {
      const answer = await t.call('POST', '/me/mailing-lists', {
        token: member.token,
        body: { lists: ['news', 'offers', 'news'] },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ ok: true });
    }
    const rows = await t.db
      .selectFrom('mailing_list_members')
      .select(['email', 'list', 'source', 'first_name', 'last_name'])
      .where('email', '=', 'lists@example.com')
      .orderBy('list')
      .execute();
    expect(rows).toEqual([
      { email: 'lists@example.com', list: 'news', source: 'Account', first_name: 'Pat', last_name: 'Lee' },
      { email: 'lists@example.com', list: 'offers', source: 'Account', first_name: 'Pat', last_name: 'Lee' },
    ]);
    const unknown = await t.call('POST', '/me/mailing-lists', {
      token: member.token,
      body: { lists: ['spam'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.description).toBe('Unknown mailing list');
  });

  it('GET /me/entries answers a list (empty until the giveaway stores entries)', async () => {
    const member = await t.member();
    expect((await t.call('GET', '/me/entries', { token: member.token })).json).toEqual({ items: [] });
  });

  it('DELETE /me deletes the account, its sessions, reset and confirmation links and list memberships, and nothing else', async () => {
    const member = await t.member('leaving@example.com');
    await t.db
      .insertInto('email_confirmations')
      .values({
        token_hash: 'c-leaving',
        user_id: member.id,
        created_at: t.now(),
        expires_at: t.now() + 1000,
      })
      .execute();
    const stays = await t.member('stays@example.com');
    await t.call('POST', '/me/mailing-lists', { token: member.token, body: { lists: ['news'] } });
    await t.call('POST', '/me/mailing-lists', { token: stays.token, body: { lists: ['news'] } });
    await t.call('POST', '/auth/password_reset/request', {
      body: { email: member.email },
      ip: '192.0.2.201',
    });
    await t.call('POST', '/auth/login', {
      body: { email: member.email, password: member.password },
      ip: '192.0.2.201',
    });

    const answer = await t.call('DELETE', '/me', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });

    const count = async (
      table: 'users' | 'sessions' | 'password_resets' | 'email_confirmations',
      column: 'id' | 'user_id',
      id: string,
    ) => (await t.db.selectFrom(table).select(column).where(column, '=', id).execute()).length;
    expect(await count('users', 'id', member.id)).toBe(0);
    expect(await count('sessions', 'user_id', member.id)).toBe(0);
    expect(await count('password_resets', 'user_id', member.id)).toBe(0);
    expect(await count('email_confirmations', 'user_id', member.id)).toBe(0);
    const lists = await t.db.selectFrom('mailing_list_members').select('email').execute();
    expect(lists.map((row) => row.email)).not.toContain('leaving@example.com');
    expect(lists.map((row) => row.email)).toContain('stays@example.com');
    expect((await t.call('GET', '/me/profile', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/me/profile', { token: stays.token })).status).toBe(200);
    expect(
      await t.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', sha256(stays.token))
        .execute(),
    ).toHaveLength(1);
  });
});
