// The two mails an application sends (product.md 5.6): the credit department learns that one arrived
// (reference number and the applicant's or business's name, nothing else), and the applicant gets
// an acknowledgement with the reference number. Neither carries anything typed in the form beyond
// that name: the application itself is read with the operator commands. Both are queued (the
// durable queue, src/server/jobs/queue.ts) in the transaction that stores the application.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { enqueueMail } from '../../server/jobs/queue.ts';
import { site } from '../../site.config.ts';
import { type ApplicationKind, KINDS } from './applications.ts';
import { applicationSettings } from './settings.server.ts';

export async function queueApplicationMails(
  trx: Kysely<Database>,
  input: { kind: ApplicationKind; reference: string; summary: string; applicantEmail: string },
  now: number,
): Promise<void> {
  const { title } = KINDS[input.kind];
  const { creditDepartmentEmail } = applicationSettings();
  await enqueueMail(
    trx,
    {
      to: creditDepartmentEmail,
      subject: `New ${title}: ${input.reference}`,
      text: [
        `A ${title.toLowerCase()} has arrived.`,
        '',
        `Reference number: ${input.reference}`,
        `Applicant: ${input.summary}`,
        '',
        `Open it with: npm run admin -- applications export ${input.reference}`,
      ].join('\n'),
    },
    now,
  );
  await enqueueMail(
    trx,
    {
      to: input.applicantEmail,
      subject: `We received your ${site.name} ${title.toLowerCase()}`,
      text: [
        `Thank you for applying. We received your ${title.toLowerCase()} and our credit department will review it.`,
        '',
        `Your reference number is ${input.reference}. Please mention it if you contact us about your application.`,
        '',
        `${site.name} Credit Department`,
        site.phone,
      ].join('\n'),
    },
    now,
  );
}
