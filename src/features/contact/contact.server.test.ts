import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { metricsReader } from '../../../tests/support/test-metrics.ts';
import { ATTEMPT_WINDOW_MS, GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { backoffMs, MAX_JOB_ATTEMPTS, retryJobs } from '../../server/jobs/queue.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { LIMITS } from '../../server/rate-limit.ts';
import { site } from '../../site.config.ts';
import { uniqueEmail } from '../account/account.sample.ts';
import { findMessages, messageLine } from './admin.server.ts';
import { contactSender, flatContact } from './contact.sample.ts';
import { CONTACT_MESSAGES } from './contact.ts';
import { ACK_LIMIT } from './contact-mail.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => t.close());

const person = contactSender({ email: 'Pat.Lee@Example.com' });
let ip = 0;
/**
 * Each submission from its own address and an hour after the one before: the limits of 3 an hour
 * per person and per browser are tested by the guard's own tests (src/server/form-guard.test.ts).
 */
async function send(body: Record<string, unknown>, options: { token?: string; query?: string } = {}) {
  t.advance(ATTEMPT_WINDOW_MS);
  const guard = {
    form_ticket: await t.ticket('contact'),
    human_check_token: await t.humanToken('contact'),
    website: '',
  };
  return t.call('POST', `/contact${options.query ?? '?include_ip=true'}`, {
    body: { ...guard, ...body },
    ip: `198.51.100.${++ip}`,
    token: options.token,
  });
}
const flat = flatContact;
/** A message from an address of its own, so the acknowledgements a day per address are not what a test meets. */
const ownAddress = () => flat({ email: uniqueEmail('pat') });
const stored = (reference: string) =>
  t.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

describe('POST /contact', () => {
  it('stores the flat payload with the address and time, then mails the department (reply-to the sender) and acknowledges with the reference', async () => {
    const metric = await metricsReader();
    const answer = await send(flat());
    expect(answer.status).toBe(201);
    expect(answer.json.reference).toMatch(/^KF-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await metric('kwikfill_submissions_stored_total{what="contact_message"}')).toBe(1);
    const row = await stored(answer.json.reference);
    expect(row).toMatchObject({
      department: 2,
      email: 'pat.lee@example.com',
      phone: '8145550100',
      subject: 'Charged twice',
      ip: `198.51.100.${ip}`,
      created_at: t.now(),
      user_id: null,
    });
    expect(JSON.parse(row.extra_data)).toEqual(flat().extra_data);
    const mails = (await t.outbox()).slice(-2);
    expect(mails[0]).toMatchObject({ to: site.contactInboxes[2], replyTo: 'pat.lee@example.com' });
    expect(mails[0]?.subject).toBe(`[Other Credit Cards] Charged twice (${answer.json.reference})`);
    expect(mails[0]?.text).toContain('Last four digits of the card: 4242');
    expect(mails[0]?.text).toContain('I was charged twice at store 123.');
    expect(mails[1]).toMatchObject({
      to: 'pat.lee@example.com',
      subject: `We received your message (${answer.json.reference})`,
    });
    expect(mails[1]?.text).toContain(`Your reference number is ${answer.json.reference}`);
    const after = await stored(answer.json.reference);
    expect(after.department_mailed_at).not.toBeNull();
    expect(after.ack_mailed_at).not.toBeNull();
  });

  it('accepts the nested reading (customer_service with department), checked the same way', async () => {
    const answer = await send({
      ...person,
      customer_service: {
        department: 3,
        subject: 'Complaint about a visit',
        message: 'The restroom was closed.',
        extra_data: { location: 'Warren, Market St', date_of_visit: '2026-04-29', time_of_visit: '14:30' },
      },
    });
    expect(answer.status).toBe(201);
    const row = await stored(answer.json.reference);
    expect(row).toMatchObject({
      department: 3,
      subject: 'Complaint about a visit',
      message: 'The restroom was closed.',
    });
    expect(JSON.parse(row.extra_data)).toEqual({
      location: 'Warren, Market St',
      date_of_visit: '2026-04-29',
      time_of_visit: '14:30',
    });
    const nestedBad = await send({
      ...person,
      customer_service: { department: 3, subject: '', message: 'x' },
    });
    expect(nestedBad.json.error.description).toBe(CONTACT_MESSAGES.required);
  });

  it('keeps only the department’s own extra fields, and without include_ip stores no address', async () => {
    const answer = await send(
      flat({ department: 1, extra_data: { account_number: '12345', last_four: '4242', sneaky: 'x' } }),
      { query: '' },
    );
    const row = await stored(answer.json.reference);
    expect(JSON.parse(row.extra_data)).toEqual({ account_number: '12345' });
    expect(row.ip).toBeNull();
  });

  it('stores names and subject without control characters or bidi overrides; the message keeps its lines', async () => {
    const answer = await send({
      ...ownAddress(),
      first_name: 'Pat\u001b[2J\u001b]0;owned\u0007',
      last_name: '\u202eeeL',
      subject: 'Refund\r\nBcc: x\u009b',
      message: 'Line one\r\n\tLine two\u001b[1A',
    });
    expect(answer.status).toBe(201);
    const row = await stored(answer.json.reference);
    expect([row.first_name, row.last_name, row.subject, row.message]).toEqual([
      'Pat[2J]0;owned',
      'eeL',
      'Refund Bcc: x',
      'Line one\n\tLine two[1A',
    ]);
  });

  it('links the message to a signed-in member', async () => {
    const member = await t.member();
    const answer = await send(flat(), { token: member.token });
    expect((await stored(answer.json.reference)).user_id).toBe(member.id);
  });

  it.each([
    ['first_name', ''],
    ['last_name', '  '],
    ['email', ''],
    ['phone', undefined],
    ['subject', ''],
    ['message', ''],
  ])('refuses an empty %s: "Please fill out all required fields."', async (field, value) => {
    const answer = await send(flat({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code: 'invalid_input',
      description: CONTACT_MESSAGES.required,
    });
  });

  it.each([
    [{ email: 'pat@' }, CONTACT_MESSAGES.email],
    [{ phone: '555-0100' }, CONTACT_MESSAGES.phone],
    [{ department: 10 }, CONTACT_MESSAGES.department],
    [{ department: undefined }, CONTACT_MESSAGES.department],
    [{ extra_data: { last_four: '42' } }, 'Please enter the last four digits of the card.'],
    [{ extra_data: { card_type: 'Diners' } }, 'Please choose a card type.'],
    [{ extra_data: { transaction_date: '2026-02-30' } }, 'Please enter a valid date.'],
    [{ extra_data: { store_number: 'A1' } }, 'The store number may hold digits only.'],
    [{ message: 'x'.repeat(5001) }, 'Please keep this field under 5000 characters.'],
  ])('refuses %o with its message', async (overrides, description) => {
    const answer = await send(flat(overrides));
    expect(answer.status).toBe(400);
    expect(answer.json.error.description).toBe(description);
  });

  it('address, city, state and zip are labelled required but not checked (product.md 5.4)', async () => {
    const answer = await send(flat({ address: '', city: undefined, state: '', zip: '' }));
    expect(answer.status).toBe(201);
  });

  it('goes through the public-form guard: no human check, no ticket, the trap field', async () => {
    const base = flat();
    const noCheck = await t.call('POST', '/contact', {
      body: { ...base, form_ticket: await t.ticket('contact') },
      ip: '192.0.2.50',
    });
    expect(noCheck.json.error).toMatchObject({
      code: 'human_check_failed',
      description: GUARD_MESSAGES.humanCheck,
    });
    const noTicket = await t.call('POST', '/contact', { body: base, ip: '192.0.2.51' });
    expect(noTicket.json.error.code).toBe('too_fast');
    const trap = await send(flat({ website: 'http://spam.example' }));
    expect(trap.json.error.code).toBe('invalid_submission');
  });
});

describe('mail that cannot be sent', () => {
  it('still stores and answers; the mail that failed is retried by the queue and sent once, the one that went is not sent again', async () => {
    await t.deps.settle(); // mail of earlier tests still on its way must not meet the failing mailer
    const real = t.deps.mailer;
    let calls = 0;
    // The department mail goes, then the server fails for the acknowledgement, three times.
    t.deps.mailer = {
      async send(message) {
        calls++;
        if (calls > 1 && calls <= 4) throw new Error('SMTP connection refused');
        await real.send(message);
      },
    };
    try {
      const before = (await t.outbox()).length;
      const answer = await send(ownAddress());
      expect(answer.status).toBe(201);
      await t.deps.settle();
      const row = await stored(answer.json.reference);
      expect(row.department_mailed_at).not.toBeNull();
      expect(row.ack_mailed_at).toBeNull();
      const job = (mail: string) =>
        t.db
          .selectFrom('jobs')
          .selectAll()
          .where('unique_key', '=', `contact-mail:${row.id}:${mail}`)
          .executeTakeFirstOrThrow();
      expect(await job('department')).toMatchObject({ kind: 'contact-mail', status: 'done' });
      expect(await job('acknowledgement')).toMatchObject({
        status: 'queued',
        attempts: 1,
        last_error: 'SMTP connection refused',
      });
      for (let attempt = 1; attempt <= 3; attempt++) {
        t.advance(backoffMs(attempt));
        expect(await runDueJobs(t.deps)).toMatchObject(attempt < 3 ? { retry: 1 } : { done: 1 });
      }
      expect(await runDueJobs(t.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
      expect(await job('acknowledgement')).toMatchObject({ status: 'done', attempts: 4 });
      expect((await stored(answer.json.reference)).ack_mailed_at).not.toBeNull();
      expect((await t.outbox()).slice(before).map((m) => m.subject)).toEqual([
        `[Other Credit Cards] Charged twice (${answer.json.reference})`,
        `We received your message (${answer.json.reference})`,
      ]);
    } finally {
      t.deps.mailer = real;
    }
  });

  it("shows 'mail failed' to operators once the queue gave up, and sends it once retried", async () => {
    await t.deps.settle();
    const real = t.deps.mailer;
    t.deps.mailer = {
      async send() {
        throw new Error('550 mailbox unavailable');
      },
    };
    try {
      const answer = await send(ownAddress());
      await t.deps.settle();
      const { id } = await stored(answer.json.reference);
      // The queue's last try (queue.test.ts runs all of them).
      await t.db
        .updateTable('jobs')
        .set({ attempts: MAX_JOB_ATTEMPTS - 1, run_after: t.now() })
        .where('unique_key', 'like', `contact-mail:${id}:%`)
        .execute();
      expect(await runDueJobs(t.deps)).toMatchObject({ failed: 2 });
      const line = async () =>
        messageLine(
          (await findMessages(t.deps, {})).find((row) => row.id === id) as Parameters<typeof messageLine>[0],
        );
      expect(await line()).toContain('mail failed');
      t.deps.mailer = real;
      expect(await retryJobs(t.db, { allFailed: true }, t.now())).toBeGreaterThanOrEqual(2);
      expect(await runDueJobs(t.deps)).toMatchObject({ failed: 0 });
      expect(await line()).toContain('mail sent');
    } finally {
      t.deps.mailer = real;
    }
  });
});

describe('the acknowledgement, which goes to whatever address the form carried (docs/threat-model.md)', () => {
  it("quotes none of the sender's words: a fixed text with the reference and the department", async () => {
    await t.deps.settle();
    const before = (await t.outbox()).length;
    const words = {
      first_name: 'Win\nVisit http://phish.example/login',
      last_name: 'Prize https://evil.example',
      subject: 'Your account is locked\nConfirm at http://phish.example/verify',
      message: 'Click http://phish.example now\nto keep your card',
    };
    const email = uniqueEmail('target');
    const answer = await send(flat({ ...words, email }));
    expect(answer.status).toBe(201);
    await t.deps.settle();
    const mails = (await t.outbox()).slice(before);
    const department = mails.find((mail) => mail.to === site.contactInboxes[2]);
    const ack = mails.find((mail) => mail.to === email);
    expect(department?.text).toContain('Click http://phish.example now'); // the department reads it all
    expect(ack?.subject).toBe(`We received your message (${answer.json.reference})`);
    const text = `${ack?.subject}\n${ack?.text}`;
    for (const line of Object.values(words).flatMap((word) => word.split('\n'))) {
      expect(text).not.toContain(line);
    }
    expect(text).not.toMatch(/https?:|phish|evil|Win|Prize|locked|Click/);
    expect(ack?.text).toContain(`Your reference number is ${answer.json.reference}`);
    expect(ack?.text).toContain('our Other Credit Cards team');
  });

  it(`acknowledges ${ACK_LIMIT.limit} messages a day to one address; the next is stored and sent to the department, not acknowledged`, async () => {
    await t.deps.settle();
    const email = uniqueEmail('flooded');
    const before = (await t.outbox()).length;
    const references: string[] = [];
    for (let i = 0; i <= ACK_LIMIT.limit; i++) {
      const answer = await send(flat({ email, subject: `Message ${i}` }));
      expect(answer.status).toBe(201);
      references.push(answer.json.reference);
    }
    await t.deps.settle();
    const mails = (await t.outbox()).slice(before);
    const acks = mails.filter((mail) => mail.to === email);
    // Each message's mails go out after its answer, so the order across messages is not fixed.
    expect(acks.map((mail) => mail.subject).sort()).toEqual(
      references
        .slice(0, ACK_LIMIT.limit)
        .map((reference) => `We received your message (${reference})`)
        .sort(),
    );
    const last = references[ACK_LIMIT.limit] as string;
    expect(mails.filter((mail) => mail.to === site.contactInboxes[2]).map((mail) => mail.subject)).toContain(
      `[Other Credit Cards] Message ${ACK_LIMIT.limit} (${last})`,
    );
    const row = await stored(last);
    expect(row).toMatchObject({ subject: `Message ${ACK_LIMIT.limit}`, ack_mailed_at: null });
    expect(row.department_mailed_at).not.toBeNull();
    expect(row.ack_withheld_at).not.toBeNull();
    // Nothing is owed: no job for it was queued.
    expect(
      await t.db
        .selectFrom('jobs')
        .select('id')
        .where('unique_key', '=', `contact-mail:${row.id}:acknowledgement`)
        .executeTakeFirst(),
    ).toBeUndefined();
    // A day after the first, the address is acknowledged again.
    t.advance(ACK_LIMIT.windowMs);
    const later = await send(flat({ email }));
    await t.deps.settle();
    expect((await t.outbox()).map((mail) => mail.subject)).toContain(
      `We received your message (${later.json.reference})`,
    );
    expect((await stored(later.json.reference)).ack_mailed_at).not.toBeNull();
  });

  it("uses none of an address's acknowledgements for a message it refuses: they are counted as it is stored", async () => {
    const ticket = await t.ticket('contact');
    const fromThisBrowser = async (email: string) =>
      t.call('POST', '/contact', {
        body: {
          ...flat({ email }),
          form_ticket: ticket,
          human_check_token: await t.humanToken('contact'),
          website: '',
        },
        ip: `198.51.100.${++ip}`,
      });
    for (let i = 0; i < LIMITS.formAttempts.limit; i++) {
      expect((await fromThisBrowser(uniqueEmail('browser'))).status).toBe(201);
    }
    const email = uniqueEmail('spared');
    expect((await fromThisBrowser(email)).status).toBe(429); // the browser's limit
    for (let i = 0; i < ACK_LIMIT.limit; i++) {
      const answer = await send(flat({ email }));
      expect(answer.status).toBe(201);
      expect((await stored(answer.json.reference)).ack_withheld_at).toBeNull();
    }
  });

  it('counts the acknowledgements of one mailbox however its address is written (Gmail dots, googlemail, +tag)', async () => {
    const variants = [
      'ack.me.7@gmail.com',
      'ackme7+x@gmail.com',
      'a.c.k.m.e.7@googlemail.com',
      'AckMe7@gmail.com',
    ];
    const references: string[] = [];
    for (const email of variants) references.push((await send(flat({ email }))).json.reference);
    await t.deps.settle();
    const last = await stored(references[ACK_LIMIT.limit] as string);
    expect(last.ack_withheld_at).not.toBeNull();
    expect(last.ack_mailed_at).toBeNull();
    for (const reference of references.slice(0, ACK_LIMIT.limit)) {
      expect((await stored(reference)).ack_mailed_at).not.toBeNull();
    }
  });
});
