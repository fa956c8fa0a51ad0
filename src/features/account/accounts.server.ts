// Which account an email address names: one account per mailbox (src/lib/mailbox.ts; the unique
// users.mailbox of migration 0019), so 'Victim+x@' and 'victim@' name the same account. The exact
// address wins, for the rare second account of a mailbox made before that migration.

import { mailboxOf } from '../../lib/mailbox.ts';
import type { AppDeps } from '../../server/deps.ts';

interface Account {
  id: string;
  email: string;
  password_hash: string;
}

/** The account of the address's mailbox, or undefined (one query either way). */
export async function findAccount(deps: AppDeps, email: string): Promise<Account | undefined> {
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where((eb) => eb.or([eb('email', '=', email), eb('mailbox', '=', mailboxOf(email))]))
    .execute();
  return rows.find((row) => row.email === email) ?? rows[0];
}
