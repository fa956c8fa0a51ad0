// The two mails of a contact message: to the department's inbox (reply-to the sender) and the
// acknowledgement with the reference number to the sender. Both are sent from the stored message,
// and each is marked sent on the row, so a mail that failed is sent again later, never lost: the
// message's job in the durable queue (src/server/jobs/queue.ts, stored before the answer) is
// retried with backoff by whichever server's worker takes it, and `npm run admin -- contact
// retry-mail` sends what is owed at once. The job and the operator's command may reach one message
// at once: each claims the message on its row first, and only the holder sends, so no mail goes
// twice (unless a process dies between sending and marking it sent).
import type { Selectable } from 'kysely';
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';
import type { DatabaseKind } from '../../server/db/database.ts';
import type { ContactMessagesTable } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { renewingWhile } from '../../server/jobs/lease.ts';
import { JOB_LEASE_MS, type NewJob } from '../../server/jobs/queue.ts';
import { emailKey, hitWithin, type Limit } from '../../server/rate-limit.ts';
import { site } from '../../site.config.ts';
import { DEPARTMENT_NAMES, type DepartmentId, EXTRA_FIELDS } from './departments.ts';

type Row = Selectable<ContactMessagesTable>;

/** A message is given up on (and listed as failed) after this many failed rounds. */
export const MAX_MAIL_ATTEMPTS = 20;
/** The first send runs right after the answer; retryContactMail leaves younger messages to it. */
const SWEEP_MIN_AGE_MS = 60_000;
/**
 * How long a claim holds unless renewed: the queue's lease (JOB_LEASE_SECONDS), renewed the same way
 * while the mails go out, so a slow send is never overtaken, and once the job of a server that died
 * is taken over, the message it held is free too.
 */
export const MAIL_CLAIM_MS = JOB_LEASE_MS;
const claimMs = (deps: AppDeps) => deps.config.jobLeaseMs ?? MAIL_CLAIM_MS;

const departmentName = (row: Row) =>
  DEPARTMENT_NAMES[row.department as DepartmentId] ?? `Department ${row.department}`;

function extraLines(row: Row): string[] {
  let extra: Record<string, string> = {};
  try {
    extra = JSON.parse(row.extra_data);
  } catch {
    // Stored by us as JSON; an unreadable value is shown as nothing rather than stopping the mail.
  }
  const fields = EXTRA_FIELDS[row.department as DepartmentId] ?? [];
  return fields.filter((f) => extra[f.key]).map((f) => `${f.label}: ${extra[f.key]}`);
}

export function departmentMail(row: Row) {
  const when = new Date(row.created_at).toLocaleString('en-US', { timeZone: CHAIN_TIME_ZONE });
  const lines = [
    `A message from the contact form on the website, for ${departmentName(row)}.`,
    '',
    `Reference: ${row.reference}`,
    `Received: ${when} (Eastern)`,
    `Subject: ${row.subject}`,
    '',
    `Name: ${row.first_name} ${row.last_name}`,
    `Email: ${row.email}`,
    `Phone: ${row.phone}`,
    `Address: ${[row.address, row.city, row.state, row.zip].filter(Boolean).join(', ') || '(not given)'}`,
    ...extraLines(row),
    '',
    'Message:',
    row.message,
    '',
    'Reply to this mail to answer the sender.',
  ];
  return {
    to: site.contactInboxes[row.department as DepartmentId],
    replyTo: row.email,
    subject: `[${departmentName(row)}] ${row.subject} (${row.reference})`,
    text: lines.join('\n'),
  };
}

/**
 * The acknowledgement to the address the form carried, which can be anyone's: a fixed text with
 * our reference number and department name only, never the sender's words (name, subject or
 * message), so nobody can have us mail their text to a stranger (docs/threat-model.md, "Contact").
 */
export function acknowledgementMail(row: Row) {
  return {
    to: row.email,
    subject: `We received your message (${row.reference})`,
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${site.name}. Your message has reached our ${departmentName(row)} team, and we will answer as soon as we can.`,
      '',
      `Your reference number is ${row.reference}. Please quote it if you write or call us about this message (${site.phone}, ${site.customerService.hours}).`,
      '',
      `If you did not write to us, someone entered your address on our contact form; you can ignore this message.`,
      '',
      `${site.name} Customer Service`,
    ].join('\n'),
  };
}

/** Acknowledgements to one address (the form's email field names any address it likes). */
export const ACK_LIMIT: Limit = { limit: 3, windowMs: 24 * 60 * 60_000 };

/**
 * A new message's `ack_withheld_at`, in the transaction (`trx`) that stores it: null while `email`
 * is within ACK_LIMIT (the acknowledgement counted), else `now`. Past the limit the message is still
 * stored and mailed to the department, only not acknowledged (a cap, not a refusal); a message that
 * is not stored counts for nothing.
 */
export async function ackWithheldAt(
  trx: AppDeps['db'],
  kind: DatabaseKind,
  email: string,
  now: number,
): Promise<number | null> {
  const over = await hitWithin(trx, kind, [{ key: `contact-ack:${emailKey(email)}`, limit: ACK_LIMIT }], now);
  return over ? now : null;
}

/**
 * Takes the right to send the message's mails: the claim's end, which is also the holder's mark
 * (release clears only that claim), or null when another send holds it.
 */
async function claim(deps: AppDeps, id: string): Promise<number | null> {
  const now = deps.now();
  const until = now + claimMs(deps);
  const result = await deps.db
    .updateTable('contact_messages')
    .set({ mail_claimed_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('mail_claimed_until', 'is', null), eb('mail_claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? until : null;
}

/** Ends this holder's claim only: a send that outlived its claim leaves the next holder's alone. */
const release = (deps: AppDeps, id: string, until: number) =>
  deps.db
    .updateTable('contact_messages')
    .set({ mail_claimed_until: null })
    .where('id', '=', id)
    .where('mail_claimed_until', '=', until)
    .execute();

export type MailOutcome = 'sent' | 'failed' | 'busy';

/** The message's mails that have not gone yet, each marked sent once it has. */
async function sendOwed(deps: AppDeps, row: Row): Promise<void> {
  if (row.department_mailed_at === null) {
    await deps.mailer.send(departmentMail(row));
    await deps.db
      .updateTable('contact_messages')
      .set({ department_mailed_at: deps.now() })
      .where('id', '=', row.id)
      .execute();
  }
  if (row.ack_mailed_at === null && row.ack_withheld_at === null) {
    await deps.mailer.send(acknowledgementMail(row));
    await deps.db
      .updateTable('contact_messages')
      .set({ ack_mailed_at: deps.now(), mail_error: null })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Sends whichever of the message's two mails has not gone yet, under the message's claim;
 * records a failure on the row. 'busy': another send holds the message (it sends them).
 */
export async function sendContactMail(deps: AppDeps, id: string): Promise<MailOutcome> {
  const until = await claim(deps, id);
  if (until === null) return 'busy';
  const row = await deps.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // Renewed while the send runs, each time from the mark it holds: a claim another server took over
  // (this one stalled past it) is never renewed or released from here.
  let held = until;
  try {
    await renewingWhile(
      () => sendOwed(deps, row),
      claimMs(deps) / 3,
      async () => {
        const next = deps.now() + claimMs(deps);
        const result = await deps.db
          .updateTable('contact_messages')
          .set({ mail_claimed_until: next })
          .where('id', '=', id)
          .where('mail_claimed_until', '=', held)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) held = next;
      },
    );
    await release(deps, id, held);
    return 'sent';
  } catch (error) {
    // The reason only: the message itself stays in the database, never in the log.
    const reason = String((error as Error)?.message ?? error).slice(0, 300);
    await deps.db
      .updateTable('contact_messages')
      .set((eb) => ({ mail_attempts: eb('mail_attempts', '+', 1), mail_error: reason }))
      .where('id', '=', id)
      .execute();
    await release(deps, id, held);
    console.warn(`[contact] mail for ${row.reference} not sent (will retry): ${reason}`);
    return 'failed';
  }
}

/**
 * Sends the mails still owed (older than a minute unless `all`); answers how many messages were
 * sent and failed (those another send holds are neither: that send reports them).
 */
export async function retryContactMail(
  deps: AppDeps,
  { all = false } = {},
): Promise<{ sent: number; failed: number }> {
  const rows = await deps.db
    .selectFrom('contact_messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('department_mailed_at', 'is', null),
        eb.and([eb('ack_mailed_at', 'is', null), eb('ack_withheld_at', 'is', null)]),
      ]),
    )
    .where('mail_attempts', '<', MAX_MAIL_ATTEMPTS)
    .where('created_at', '<=', all ? deps.now() : deps.now() - SWEEP_MIN_AGE_MS)
    .orderBy('created_at')
    .execute();
  const counts = { sent: 0, failed: 0 };
  for (const { id } of rows) {
    const outcome = await sendContactMail(deps, id);
    if (outcome !== 'busy') counts[outcome]++;
  }
  return counts;
}

/** The queue's job for a message's mails (kind 'contact-mail', run by runContactMailJob). */
export const contactMailJob = (id: string, reference: string): NewJob => ({
  kind: 'contact-mail',
  payload: { id },
  summary: `contact message ${reference}`,
  uniqueKey: `contact-mail:${id}`,
});

/**
 * Runs a message's job: whatever mail is owed goes; a failure, or a message another send holds
 * (whose outcome is not known here), leaves the job to be retried with the queue's backoff.
 */
export async function runContactMailJob(deps: AppDeps, payload: unknown): Promise<void> {
  const { id } = payload as { id: string };
  const outcome = await sendContactMail(deps, id);
  if (outcome === 'failed') {
    const row = await deps.db
      .selectFrom('contact_messages')
      .select('mail_error')
      .where('id', '=', id)
      .executeTakeFirst();
    throw new Error(row?.mail_error ?? 'the mail was not sent');
  }
  if (outcome !== 'busy') return;
  const exists = await deps.db
    .selectFrom('contact_messages')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  // A message deleted meanwhile (retention) owes nothing.
  if (exists) throw new Error('another send holds the message; tried again later');
}
