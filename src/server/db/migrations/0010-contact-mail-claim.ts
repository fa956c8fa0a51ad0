// A contact message's mails are claimed before they are sent (src/features/contact/
// contact-mail.server.ts): the first send after the answer, the sweep of every server process and
// the operator's `contact retry-mail` may reach the same message at once, and only the one holding
// the claim sends. The claim runs out by itself, so a process that died mid-send holds nothing.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('mail_claimed_until', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('mail_claimed_until').execute();
}
