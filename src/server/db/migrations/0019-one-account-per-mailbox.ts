// One account per mailbox, and addresses that prove themselves (docs/decisions/0014-*).
//
// `users.mailbox` is the account's mailbox key (src/lib/mailbox.ts: 'J.Doe+x@gmail.com' is
// 'jdoe@gmail.com'), unique, so a second account for the same mailbox under another spelling cannot
// be made, however two registrations race. Databases made before this migration may already hold two
// accounts of one mailbox (the attack that made this migration: 'victim+x@' beside 'victim@'): the
// oldest keeps the key, the later ones get none (nulls never collide on SQLite and PostgreSQL), so
// the index can be built and nobody loses an account; they still sign in by their exact address.
// A later change of the mailbox rules must recompute this column in a migration of its own.
//
// `users.email_verified_at`: when the address proved itself by a link sent to it (the confirmation
// link, or a password reset); null for accounts made before, and for new ones until then.
// `email_confirmations`: the confirmation links, stored hashed like the reset links.
import type { Kysely } from 'kysely';
import { mailboxKey } from '../../../lib/mailbox.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('mailbox', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  const users: { id: string; email: string }[] = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const user of users) {
    const key = mailboxKey(user.email);
    if (!key || taken.has(key)) continue;
    taken.add(key);
    await db.updateTable('users').set({ mailbox: key }).where('id', '=', user.id).execute();
  }
  await db.schema.createIndex('users_mailbox').on('users').column('mailbox').unique().execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_confirmations_user_id')
    .on('email_confirmations')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.dropIndex('users_mailbox').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.alterTable('users').dropColumn('mailbox').execute();
}
