// A retried submission stores once (idempotency.ts), on SQLite and PostgreSQL (test:api:pg): the
// retry gets the first answer without a second human check, nothing is stored or mailed twice; the
// same key with another body is refused (422), a retry during the first is 409; a failed answer is
// not kept; another caller's key never reaches this one's answer; expired answers are swept.
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardHeaders } from '../../tests/support/applications.ts';
import { runningPromotion } from '../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { applicationForm, sampleChargeCard } from '../features/applications/applications.sample.ts';
import { flatContact } from '../features/contact/contact.sample.ts';
import { entryValues } from '../features/giveaway/giveaway.sample.ts';
import { runRetention } from '../features/retention.server.ts';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { ATTEMPT_WINDOW_MS } from '../lib/form-rules.ts';
import type { Database } from './db/schema.ts';
import { KEEP_ANSWER_MS, parseKey } from './idempotency.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterAll(() => t.close());

let ip = 0;
const count = async (table: 'contact_messages' | 'applications' | 'idempotency_keys') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The contact messages' department mail jobs queued so far (one a message). */
const mailJobs = async () =>
  Number(
    (
      await t.db
        .selectFrom('jobs')
        .where('kind', '=', 'contact-mail')
        .where('unique_key', 'like', 'contact-mail:%:department')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A contact message as the browser sends it, with this ticket and a fresh human check. */
async function contact(key: string, ticket: string, fields = flatContact()) {
  t.advance(ATTEMPT_WINDOW_MS);
  return t.call('POST', '/contact?include_ip=true', {
    body: { ...fields, website: '', form_ticket: ticket, human_check_token: await t.humanToken('contact') },
    headers: { 'Idempotency-Key': `"${key}"` },
    ip: `198.51.100.${++ip}`,
  });
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer: one message, one mail job, no second human check', async () => {
    const ticket = await t.ticket('contact');
    const [messages, jobs] = [await count('contact_messages'), await mailJobs()];
    const first = await contact('retry-1', ticket);
    expect(first.status).toBe(201);
    // The retry's human-check token is one nobody verified: it is not looked at.
    t.advance(ATTEMPT_WINDOW_MS);
    const again = await t.call('POST', '/contact?include_ip=true', {
      body: { ...flatContact(), website: '', form_ticket: ticket, human_check_token: 'spent-or-missing' },
      headers: { 'Idempotency-Key': '"retry-1"' },
      ip: `198.51.100.${++ip}`,
    });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('contact_messages')).toBe(messages + 1);
    expect(await mailJobs()).toBe(jobs + 1);
  });

  it('refuses the same key with another body (422), and a bad key (400)', async () => {
    const ticket = await t.ticket('contact');
    expect((await contact('reused-1', ticket)).status).toBe(201);
    const other = await contact('reused-1', ticket, flatContact({ message: 'Something else entirely.' }));
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('idempotency_key_reused');
    const bad = await contact('', ticket);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_idempotency_key');
    expect(parseKey('"a\\"b"')).toBe('a"b');
    expect(parseKey('bare-key')).toBe('bare-key');
  });

  it('keeps no failed answer, and scopes keys by caller: another browser with the same key stores its own', async () => {
    const ticket = await t.ticket('contact');
    const refused = await t.call('POST', '/contact', {
      body: { ...flatContact(), website: '', form_ticket: ticket, human_check_token: '' },
      headers: { 'Idempotency-Key': 'fail-then-fix' },
      ip: `198.51.100.${++ip}`,
    });
    expect(refused.status).toBe(400);
    t.advance(ATTEMPT_WINDOW_MS);
    const fixed = await t.call('POST', '/contact', {
      body: {
        ...flatContact(),
        website: '',
        form_ticket: ticket,
        human_check_token: await t.humanToken('contact'),
      },
      headers: { 'Idempotency-Key': 'fail-then-fix' },
      ip: `198.51.100.${++ip}`,
    });
    expect(fixed.status).toBe(201);
    const mine = await contact('shared-key', ticket);
    const theirs = await contact('shared-key', await t.ticket('contact'));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.reference).not.toBe(mine.json.reference);
  });

  it('answers 409 to a retry while the first is still being answered, then the first answer', async () => {
    // The first request's body does not end until released: it holds its claim meanwhile.
    let release: (() => void) | undefined;
    const form = new Response(applicationForm(sampleChargeCard()));
    const type = form.headers.get('content-type') ?? '';
    const bytes = new Uint8Array(await form.arrayBuffer());
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 10));
        release = () => {
          controller.enqueue(bytes.subarray(10));
          controller.close();
        };
      },
    });
    const guard = {
      ...(await guardHeaders(t, 'charge-card')),
      'Idempotency-Key': 'held',
      'X-API-Key': DEFAULT_API_KEY,
    };
    const applications = await count('applications');
    const first = t.app.request(
      '/api/v1/applications/charge-card',
      {
        method: 'POST',
        headers: { ...guard, 'Content-Type': type },
        body: held,
        duplex: 'half',
      } as RequestInit,
      { clientAddress: '203.0.113.50' },
    );
    // Until its claim is there (an answer in flight: no status yet).
    const inFlight = () =>
      t.db.selectFrom('idempotency_keys').select('key_hash').where('status', 'is', null).executeTakeFirst();
    while (!(await inFlight()) || !release) await new Promise((done) => setTimeout(done, 5));
    const during = await t.call('POST', '/applications/charge-card', {
      raw: new Blob([bytes]),
      headers: { ...guard, 'Content-Type': type },
    });
    expect(during.status).toBe(409);
    expect(during.json.error.code).toBe('request_in_progress');
    release?.();
    const answered = await first;
    expect(answered.status).toBe(201);
    const answer = await answered.json();
    // A retry afterwards, the same parts under a new boundary, its human check spent: the first answer.
    const after = await t.call('POST', '/applications/charge-card', {
      raw: applicationForm(sampleChargeCard()),
      headers: guard,
    });
    expect(after.status).toBe(201);
    expect(after.json).toEqual(answer);
    expect(await count('applications')).toBe(applications + 1);
  });

  it('answers a giveaway entry retried with a new cache buster with its first answer, not "already entered"', async () => {
    const promotion = await runningPromotion(t, {}, 'idempotent');
    const ticket = await t.ticket('giveaway');
    const entry = entryValues('retried-entry@example.com');
    const send = async (cb: string) =>
      t.call('POST', `/promotion/${promotion.id}/entry?cb=${cb}`, {
        body: {
          ...entry,
          website: '',
          form_ticket: ticket,
          human_check_token: await t.humanToken('giveaway'),
        },
        headers: { 'Idempotency-Key': '"entry-1"' },
        ip: `198.51.100.${++ip}`,
      });
    const first = await send('1');
    expect(first.status).toBe(201);
    const again = await send('2');
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
  });

  it("leaves an upload route's non-multipart body unread for the route to refuse (it has no size limit here)", async () => {
    // A body that never ends: read here, the request would never be answered.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"first_name":"'));
      },
    });
    const answer = await t.app.request(
      '/api/v1/applications/charge-card',
      {
        method: 'POST',
        headers: {
          'X-API-Key': DEFAULT_API_KEY,
          'Content-Type': 'application/json',
          'Idempotency-Key': '"upload-as-json"',
        },
        body: endless,
        duplex: 'half',
      } as RequestInit,
      { clientAddress: '203.0.113.77' },
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });

  it('keeps the answer with the submission, in one transaction: if it cannot be kept, nothing is stored, and a retry stores once', async () => {
    const ticket = await t.ticket('contact');
    const [messages, jobs] = [await count('contact_messages'), await mailJobs()];
    // The database refuses the kept answer's write (in the route's transaction too), as a moment's outage would.
    const away: unknown = new Proxy(
      {},
      {
        get: (_, name) =>
          name === 'execute' || name === 'executeTakeFirst'
            ? () => Promise.reject(new Error('database away'))
            : () => away,
      },
    );
    const real = Kysely.prototype.updateTable;
    const spy = vi.spyOn(Kysely.prototype, 'updateTable').mockImplementation(function (
      this: Kysely<Database>,
      table: string,
    ) {
      return table === 'idempotency_keys' ? away : real.call(this, table as never);
    } as never);
    try {
      expect((await contact('unkept-1', ticket)).status).not.toBe(201);
      expect(spy).toHaveBeenCalledWith('idempotency_keys');
    } finally {
      spy.mockRestore();
    }
    expect([await count('contact_messages'), await mailJobs()]).toEqual([messages, jobs]);
    // The key was released with nothing stored: the retry is the first to store.
    const retry = await contact('unkept-1', ticket);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await contact('unkept-1', ticket);
    expect(again.json).toEqual(retry.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect([await count('contact_messages'), await mailJobs()]).toEqual([messages + 1, jobs + 1]);
  });

  it('stores once when two requests with one key come at once: the other is told to wait (409) or gets the first answer', async () => {
    const ticket = await t.ticket('contact');
    const messages = await count('contact_messages');
    const answers = await Promise.all([contact('together-1', ticket), contact('together-1', ticket)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(
      answers.some((answer) => answer.status === 409) ? [201, 409] : [201, 201],
    );
    expect(await count('contact_messages')).toBe(messages + 1);
  });

  it('finds no kept answer once APP_SECRET has changed, rather than failing to open it (never a 500)', async () => {
    const ticket = await t.ticket('contact');
    expect((await contact('rotated-1', ticket)).status).toBe(201);
    const config = t.deps.config as { appSecret: string };
    const before = config.appSecret;
    config.appSecret = 'another-secret-of-at-least-32-characters';
    try {
      // Not opened: the form's ticket, signed with the old secret, is refused as any other would be.
      const retry = await contact('rotated-1', ticket);
      expect(retry.status).toBeLessThan(500);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      config.appSecret = before;
    }
  });

  it("replays an account's kept answer only while its session holds: after sign-out, 401", async () => {
    const member = await t.member();
    const send = () =>
      t.call('POST', '/me/mailing-lists', {
        token: member.token,
        body: { lists: ['news'] },
        headers: { 'Idempotency-Key': '"lists-1"' },
      });
    expect((await send()).status).toBe(200);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await t.call('POST', '/auth/logout', { token: member.token });
    const afterSignOut = await send();
    expect(afterSignOut.status).toBe(401);
    expect(afterSignOut.json.error.code).toBe('unauthorized');
  });

  it('keeps a first answer a day: the retention job removes it after', async () => {
    const kept = await count('idempotency_keys');
    expect(kept).toBeGreaterThan(0);
    t.advance(KEEP_ANSWER_MS + 1);
    expect((await runRetention(t.deps, {})).idempotencyKeys).toBe(kept);
    expect(await count('idempotency_keys')).toBe(0);
  });
});
