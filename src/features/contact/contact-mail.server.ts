// The two mails of a contact message: to the department's inbox (reply-to the sender) and the
// acknowledgement with the reference number to the sender. Each is a job of the durable queue
// (src/server/jobs/queue.ts), stored with the message, sent from the stored message and marked
// sent on its row (what `contact list` shows); a failure is retried by the queue like any mail,
// under its lease alone (`mail list`, `mail retry`).
import type { Selectable } from 'kysely';
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';
import type { DatabaseKind } from '../../server/db/database.ts';
import type { ContactMessagesTable } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import type { NewJob } from '../../server/jobs/queue.ts';
import { hitWithin, type Limit, mailboxHash } from '../../server/rate-limit.ts';
import { site } from '../../site.config.ts';
import { DEPARTMENT_NAMES, type DepartmentId, EXTRA_FIELDS } from './departments.ts';

type Row = Selectable<ContactMessagesTable>;

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
  const over = await hitWithin(
    trx,
    kind,
    [{ key: `contact-ack:${mailboxHash(email)}`, limit: ACK_LIMIT }],
    now,
  );
  return over ? now : null;
}

/** The queue's kind of a contact message's mail jobs (run by runContactMailJob). */
export const CONTACT_MAIL_JOB = 'contact-mail';

type ContactMail = 'department' | 'acknowledgement';

/** A new message's mail jobs: the department's, and the acknowledgement unless it is withheld. */
export function contactMailJobs(id: string, reference: string, { acknowledge }: { acknowledge: boolean }) {
  const job = (mail: ContactMail): NewJob => ({
    kind: CONTACT_MAIL_JOB,
    payload: { id, mail },
    summary: `${mail} mail of contact message ${reference}`,
    uniqueKey: `${CONTACT_MAIL_JOB}:${id}:${mail}`,
  });
  return acknowledge ? [job('department'), job('acknowledgement')] : [job('department')];
}

/**
 * Runs one of a message's mail jobs: sends the mail unless its row says it went, then marks it
 * sent; a failure is the queue's to retry. A job of the previous release names no mail: it sends
 * both. A message deleted meanwhile (retention) owes nothing.
 */
export async function runContactMailJob(deps: AppDeps, payload: unknown): Promise<void> {
  const { id, mail } = payload as { id: string; mail?: ContactMail };
  const row = await deps.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return;
  if (mail !== 'acknowledgement' && row.department_mailed_at === null) {
    await deps.mailer.send(departmentMail(row));
    await deps.db
      .updateTable('contact_messages')
      .set({ department_mailed_at: deps.now() })
      .where('id', '=', id)
      .execute();
  }
  if (mail !== 'department' && row.ack_mailed_at === null && row.ack_withheld_at === null) {
    await deps.mailer.send(acknowledgementMail(row));
    await deps.db
      .updateTable('contact_messages')
      .set({ ack_mailed_at: deps.now() })
      .where('id', '=', id)
      .execute();
  }
}

/** The messages among `ids` whose mail job failed for good (its tries spent: `mail retry`). */
export async function failedMail(deps: AppDeps, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const jobs = await deps.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', CONTACT_MAIL_JOB)
    .where('status', '=', 'failed')
    .execute();
  const wanted = new Set(ids);
  return new Set(
    jobs.map((job) => (JSON.parse(job.payload) as { id: string }).id).filter((id) => wanted.has(id)),
  );
}
