// The contact form's limits under a burst, each message from its own browser and address: no more
// messages of one person than the form's limit are stored, and no more acknowledgements to one address
// than ACK_LIMIT go out (both counted in the step that stores the message). On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { LIMITS, mailboxHash, record } from '../../server/rate-limit.ts';
import { uniqueEmail } from '../account/account.sample.ts';
import { flatContact } from './contact.sample.ts';
import { ACK_LIMIT } from './contact-mail.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => t.close());

let ip = 0;
const BURST = 15;

/** `BURST` messages from `email` at once, each with its own ticket, human check and address. */
async function burst(email: string) {
  const bodies = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => ({
      ...flatContact({ email, subject: `Message ${i}` }),
      website: '',
      form_ticket: await t.ticket('contact'),
      human_check_token: await t.humanToken('contact'),
    })),
  );
  return Promise.all(bodies.map((body) => t.call('POST', '/contact', { body, ip: `198.51.100.${++ip}` })));
}

const storedFor = (email: string) =>
  t.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();

describe('contact messages under a burst', () => {
  it(`${BURST} messages of one person at once: ${LIMITS.formAttempts.limit} are stored, the rest 429`, async () => {
    const email = uniqueEmail('burst');
    const answers = await burst(email);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMITS.formAttempts.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - LIMITS.formAttempts.limit);
    expect(await storedFor(email)).toHaveLength(LIMITS.formAttempts.limit);
  });

  it(`acknowledges no more than ${ACK_LIMIT.limit} a day to one address, whatever arrives at once`, async () => {
    const email = uniqueEmail('acked');
    // One acknowledgement already sent today: of the messages stored at once, only the rest are acknowledged.
    await record(t.deps, `contact-ack:${mailboxHash(email)}`);
    await burst(email);
    const rows = await storedFor(email);
    expect(rows).toHaveLength(LIMITS.formAttempts.limit);
    expect(rows.filter((row) => row.ack_withheld_at === null)).toHaveLength(ACK_LIMIT.limit - 1);
    await t.deps.settle();
    expect((await t.outbox()).filter((mail) => mail.to === email)).toHaveLength(ACK_LIMIT.limit - 1);
  });
});
