// A contact message whose acknowledgement was withheld (docs/threat-model.md, "Contact"): the form's email field
// can name anyone, so one address gets only so many acknowledgements a day; further messages are
// stored and sent to the department as always, and marked here instead of being acknowledged.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('ack_withheld_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('ack_withheld_at').execute();
}
