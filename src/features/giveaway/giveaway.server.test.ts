// The giveaway API on SQLite and PostgreSQL: promotions, every entry rule, once a day per person
// (also under 200 simultaneous tries), members' entries, previous winners.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enter, nextIp, runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { metricsReader } from '../../../tests/support/test-metrics.ts';
import { FINGERPRINT_REUSE_MS } from '../../server/data-fingerprint.ts';
import { issueTicket } from '../../server/form-ticket.ts';
import { recordEntry } from './entries.server.ts';
import { entryValues as entryFor } from './giveaway.sample.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';
import { updatePromotion } from './promotions.server.ts';

let t: TestApi;
let promotionId: string;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  promotionId = (await runningPromotion(t, {}, 'spring')).id;
  await runningPromotion(t, { title: 'Old one', starts_on: '2025-01-01', ends_on: '2025-02-01' }, 'old');
  await runningPromotion(t, { title: 'Switched off', active: 0 }, 'off');
});
afterAll(() => t.close());

const count = async (where: { email?: string } = {}) => {
  let query = t.db.selectFrom('giveaway_entries').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.email) query = query.where('email', '=', where.email);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describe('GET /promotion', () => {
  test('active_only=true lists only the promotion running today, with its rules link', async () => {
    const answer = await t.call('GET', '/promotion?active_only=true');
    expect(answer.status).toBe(200);
    expect(answer.json.items.map((item: { id: string }) => item.id)).toEqual(['spring']);
    expect(answer.json.items[0]).toMatchObject({
      title: 'Spring Fuel Giveaway',
      rules_url: '/giveaway/rules/spring',
      prize_value: 100,
      active: true,
    });
  });

  test('without the filter every promotion is listed; a bad filter is a 400', async () => {
    const all = await t.call('GET', '/promotion');
    expect(all.json.items).toHaveLength(3);
    const bad = await t.call('GET', '/promotion?active_only=yes');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_input');
  });

  test('one promotion with its rules; an unknown one is a 404', async () => {
    expect((await t.call('GET', '/promotion/spring')).json).toMatchObject({ id: 'spring', rules: '' });
    expect((await t.call('GET', '/promotion/nope')).status).toBe(404);
  });
});

describe('POST /promotion/{id}/entry', () => {
  test('a family enters one after another from the same store Wi-Fi, each on their own phone', async () => {
    const storeWifi = '192.0.2.10';
    for (const name of ['mom', 'dad', 'kid1', 'kid2', 'grandma']) {
      const answer = await enter(t, promotionId, entryFor(`${name}.wifi@example.com`), { ip: storeWifi });
      expect(answer.status, name).toBe(201);
    }
  });

  test('a guest enters once; the second entry that day is a 409 saying to come back tomorrow', async () => {
    const first = await enter(t, promotionId, entryFor('guest@example.com'));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ promotion_id: 'spring', entry_day: '2026-05-01' });
    const stored = await t.db
      .selectFrom('giveaway_entries')
      .selectAll()
      .where('id', '=', first.json.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      address_1: '814 Lexington Ave Apt 2',
      phone: '8145550123',
      user_id: null,
    });

    const again = await enter(t, promotionId, entryFor('guest@example.com'));
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'already_entered',
      description: GIVEAWAY_MESSAGES.alreadyEntered,
    });
  });

  test('a +tag or other capitals are the same person', async () => {
    expect((await enter(t, promotionId, entryFor('Pat.Lee@Example.com'))).status).toBe(201);
    const tagged = await enter(t, promotionId, entryFor('pat.lee+win@example.com'));
    expect(tagged.status).toBe(409);
    expect(await count({ email: 'pat.lee+win@example.com' })).toBe(0);
  });

  test('the day is New York’s: late evening there is still the same day; the next day is new', async () => {
    expect((await enter(t, promotionId, entryFor('night@example.com'))).status).toBe(201);
    t.advance(13 * 60 * 60 * 1000 + 30 * 60 * 1000); // 03:30 UTC = 23:30 in New York, May 1
    expect((await enter(t, promotionId, entryFor('night@example.com'))).status).toBe(409);
    t.advance(60 * 60 * 1000); // 00:30 in New York, May 2
    const next = await enter(t, promotionId, entryFor('night@example.com'));
    expect(next.status).toBe(201);
    expect(next.json.entry_day).toBe('2026-05-02');
  });

  test.each([
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['phone', { phone: '' }, 'Phone number is required'],
    ['phone', { phone: '555-0123' }, 'Please enter a valid 10-digit phone number'],
    ['zip', { zip: '' }, 'ZIP code is required'],
    ['zip', { zip: '1636' }, 'Please enter a valid ZIP code'],
    ['first_name', { first_name: ' ' }, 'First name is required'],
    ['last_name', { last_name: '' }, 'Last name is required'],
    ['address_1', { address_1: '' }, 'Address is required'],
    ['city', { city: '' }, 'City is required'],
    ['state', { state: '' }, 'State is required'],
    ['state', { state: 'CA' }, GIVEAWAY_MESSAGES.stateNotEligible],
    ['rules_accepted', { rules_accepted: false }, GIVEAWAY_MESSAGES.rules],
  ] as const)('%s %j is refused: %s', async (field, change, message) => {
    const answer = await enter(t, promotionId, { ...entryFor('rules@example.com'), ...change });
    expect(answer.status).toBe(400);
    expect(answer.json.error.fields[field]).toBe(message);
    expect(await count({ email: 'rules@example.com' })).toBe(0);
  });

  test('the form guard comes first: trap, ticket, human check', async () => {
    const body = entryFor('guarded@example.com');
    const trap = await enter(t, promotionId, body, { extra: { website: 'http://spam' } });
    expect(trap.json.error.code).toBe('invalid_submission');
    const noTicket = await enter(t, promotionId, body, { ticket: 'forged' });
    expect(noTicket.json.error.code).toBe('too_fast');
    const noHuman = await enter(t, promotionId, body, { extra: { human_check_token: '' } });
    expect(noHuman.json.error.code).toBe('human_check_failed');
    expect(await count({ email: 'guarded@example.com' })).toBe(0);
  });

  test('outside its dates, switched off or unknown, a promotion takes no entries', async () => {
    for (const id of ['old', 'off']) {
      const answer = await enter(t, id, entryFor('late@example.com'));
      expect(answer.status).toBe(409);
      expect(answer.json.error).toEqual({ code: 'not_running', description: GIVEAWAY_MESSAGES.notRunning });
    }
    expect((await enter(t, 'nope', entryFor('late@example.com'))).status).toBe(404);
    expect(await count({ email: 'late@example.com' })).toBe(0);
  });

  test('a promotion switched on takes entries at once; switched off, within a second on every server', async () => {
    // Entries read the running promotions' schedules as of the table's fingerprint (promotions.server.ts).
    await runningPromotion(t, { title: 'Late start', active: 0 }, 'late-start');
    expect((await enter(t, 'late-start', entryFor('early@example.com'))).status).toBe(409);
    await updatePromotion(t.deps, 'late-start', { active: 1 });
    expect((await enter(t, 'late-start', entryFor('early@example.com'))).status).toBe(201);
    t.advance(FINGERPRINT_REUSE_MS);
    expect((await enter(t, 'late-start', entryFor('kept@example.com'))).status).toBe(201); // now kept as running
    t.advance(1);
    await updatePromotion(t.deps, 'late-start', { active: 0 });
    t.advance(FINGERPRINT_REUSE_MS);
    const after = await enter(t, 'late-start', entryFor('second@example.com'));
    expect(after.json.error?.code).toBe('not_running');
  });

  test('a member’s entry is linked to the account and listed in GET /me/entries', async () => {
    const member = await t.member();
    expect((await t.call('GET', '/me/entries', { token: member.token })).json.items).toEqual([]);
    const answer = await enter(t, promotionId, entryFor(member.email), { token: member.token });
    expect(answer.status).toBe(201);
    const listed = await t.call('GET', '/me/entries', { token: member.token });
    expect(listed.json.items).toEqual([
      { id: answer.json.id, promotion: 'Spring Fuel Giveaway', entered_at: new Date(t.now()).toISOString() },
    ]);
    const stale = await enter(t, promotionId, entryFor('stale@example.com'), { token: 'expired-token' });
    expect(stale.status).toBe(401);
  });

  test('a deleted account leaves its entries in the draw, unlinked', async () => {
    const member = await t.member();
    const entry = await enter(t, promotionId, entryFor(member.email), { token: member.token });
    expect((await t.call('DELETE', '/me', { token: member.token })).status).toBe(200);
    const row = await t.db
      .selectFrom('giveaway_entries')
      .select(['user_id', 'member_id'])
      .where('id', '=', entry.json.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, member_id: null });
  });
});

describe('one person, one entry (one person must not enter many times a day)', () => {
  test('the four spellings of one Gmail mailbox on one day: one entry', async () => {
    const spellings = [
      'johnqpublic7@gmail.com',
      'john.q.public7@gmail.com',
      'j.o.h.n.q.p.u.b.l.i.c.7@gmail.com',
      'johnqpublic7@googlemail.com',
    ];
    const metric = await metricsReader();
    const statuses = [];
    for (const email of spellings) statuses.push((await enter(t, promotionId, entryFor(email))).status);
    // The fourth is also past the 3 attempts an hour of one person: the same person again.
    expect(statuses).toEqual([201, 409, 409, 429]);
    // Counted for the operators (docs/metrics.md): one entry stored, one refusal by the person's limit.
    expect(await metric('kwikfill_submissions_stored_total{what="giveaway_entry"}')).toBe(1);
    expect(await metric('kwikfill_limit_refusals_total{kind="form:giveaway:person"}')).toBe(1);
    const stored = await t.db
      .selectFrom('giveaway_entries')
      .select(['person_key', 'email'])
      .where('person_key', '=', 'johnqpublic7@gmail.com')
      .execute();
    expect(stored).toEqual([{ person_key: 'johnqpublic7@gmail.com', email: 'johnqpublic7@gmail.com' }]);
  });

  test('a member entering under three emails on one day: one entry, one listed in Past Entries', async () => {
    const member = await t.member();
    const statuses = [];
    for (const email of [member.email, 'other.one@example.com', 'third@example.net']) {
      const answer = await enter(t, promotionId, entryFor(email), { token: member.token });
      statuses.push(answer.status);
      if (answer.status === 409) expect(answer.json.error.code).toBe('already_entered');
    }
    expect(statuses).toEqual([201, 409, 409]);
    const again = await enter(t, promotionId, entryFor('fourth@example.org'), { token: member.token });
    expect(again.json.error).toEqual({
      code: 'already_entered',
      description: GIVEAWAY_MESSAGES.alreadyEntered,
    });
    expect((await t.call('GET', '/me/entries', { token: member.token })).json.items).toHaveLength(1);
    // The emails the member was refused under are free for their own people.
    expect((await enter(t, promotionId, entryFor('other.one@example.com'))).status).toBe(201);
    // The next day the member enters again.
    t.advance(24 * 60 * 60 * 1000);
    expect((await enter(t, promotionId, entryFor('third@example.net'), { token: member.token })).status).toBe(
      201,
    );
  });

  test('simultaneous entries of one member under different emails: the unique key keeps one', async () => {
    const member = await t.member();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        recordEntry(t.deps, promotionId, entryFor(`member-rush-${i}@example.com`), member),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ status: 409, code: 'already_entered' });
    }
  });

  test("probe 5: a member under another email, then a guest under the account's own address: 201, 409", async () => {
    const member = await t.member();
    const asMember = await enter(t, promotionId, entryFor('someone.else@example.org'), {
      token: member.token,
    });
    expect(asMember.status).toBe(201);
    const asGuest = await enter(t, promotionId, entryFor(member.email.replace('@', '+again@')));
    expect(asGuest.status).toBe(409);
    expect(asGuest.json.error).toEqual({
      code: 'already_entered',
      description: GIVEAWAY_MESSAGES.alreadyEntered,
    });
  });

  test("the other way round: a guest under the account's address, then the member under another: 201, 409", async () => {
    const member = await t.member();
    expect((await enter(t, promotionId, entryFor(member.email.toUpperCase()))).status).toBe(201);
    const asMember = await enter(t, promotionId, entryFor('another.one@example.org'), {
      token: member.token,
    });
    expect(asMember.status).toBe(409);
    expect(asMember.json.error.code).toBe('already_entered');
    // The address the member was refused under is still free for its own person.
    expect((await enter(t, promotionId, entryFor('another.one@example.org'))).status).toBe(201);
  });

  test("simultaneous entries of a member under other emails and guests under the member's address: one is stored", async () => {
    const member = await t.member();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? recordEntry(t.deps, promotionId, entryFor(`mixed-rush-${i}@example.com`), member)
          : recordEntry(t.deps, promotionId, entryFor(member.email), null),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ status: 409, code: 'already_entered' });
    }
  });

  test.each(['+win@gmail.com', '+@example.com'])(
    '%j names no mailbox: 400 naming the email field',
    async (email) => {
      const answer = await enter(t, promotionId, entryFor(email));
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe('invalid_input');
      expect(answer.json.error.fields).toEqual({ email: GIVEAWAY_MESSAGES.emailNoMailbox });
      expect(await count({ email })).toBe(0);
    },
  );
});

describe('attempt limits of the entry form (no lockout by strangers: docs/threat-model.md)', () => {
  test("a stranger's entries in a person's name without a passed human check do not use up that person's attempts", async () => {
    const strangerTicket = await t.ticket('giveaway');
    const strangerIp = nextIp();
    for (const human_check_token of ['bogus', 'made-up', '']) {
      const forged = await enter(t, promotionId, entryFor('victim+x@example.com'), {
        ticket: strangerTicket,
        ip: strangerIp,
        extra: { human_check_token },
      });
      expect(forged.json.error.code).toBe('human_check_failed');
    }
    // The stranger's browser has had its 3 attempts; the victim's own entry, elsewhere, goes in.
    expect(
      (
        await enter(t, promotionId, entryFor('victim@example.com'), {
          ticket: strangerTicket,
          ip: strangerIp,
        })
      ).status,
    ).toBe(429);
    const victim = await enter(t, promotionId, entryFor('Victim@example.com'));
    expect(victim.status).toBe(201);
    expect(await count({ email: 'victim@example.com' })).toBe(1);
  });

  test('a person still gets 3 human-checked attempts an hour, from any browser and address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await enter(t, promotionId, entryFor('keen@example.com'))).status);
    expect(statuses).toEqual([201, 409, 409, 429]);
  });
});

describe('once a day under load', () => {
  test('200 simultaneous entries of one person: exactly one is stored', async () => {
    const ticket = await t.ticket('giveaway');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        enter(t, promotionId, entryFor(i % 2 ? 'rush@example.com' : 'Rush+x@example.com'), {
          ticket,
          ip: nextIp(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 429)).toEqual([]);
    const stored = await t.db
      .selectFrom('giveaway_entries')
      .select('id')
      .where('person_key', '=', 'rush@example.com')
      .execute();
    expect(stored).toHaveLength(1);
  });

  test('200 simultaneous inserts for one person and day, past every limit: the unique key keeps one', async () => {
    // The form guard lets only a few attempts per person through; this holds even without it.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        recordEntry(t.deps, promotionId, entryFor(i % 2 ? 'Key+a@example.com' : 'key@EXAMPLE.com'), null),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ status: 409, code: 'already_entered' });
    }
    const stored = await t.db
      .selectFrom('giveaway_entries')
      .select('id')
      .where('person_key', '=', 'key@example.com')
      .execute();
    expect(stored).toHaveLength(1);
  });

  test('1,000 simultaneous entries of different people: all are stored', async () => {
    // Each from its own browser (its own ticket): one browser may try 3 times an hour.
    const tickets = Array.from({ length: 1000 }, () => issueTicket(t.deps, 'giveaway'));
    t.advance(3000);
    const before = await count();
    const answers = await Promise.all(
      tickets.map((ticket, i) => enter(t, promotionId, entryFor(`crowd${i}@example.com`), { ticket })),
    );
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.json)).toEqual([]);
    expect((await count()) - before).toBe(1000);
  }, 120_000);
});
