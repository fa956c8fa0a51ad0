// The mailing-list sign-ups for operators (`npm run admin -- mailing-list export|remove`): members
// sign up from the account area (POST /me/mailing-lists, one row per address and list); operators
// hand the list to the mailing tool and remove an address on request. Confirmed opt-in: a sign-up
// is stored at once but held until the account's address is confirmed (users.email_verified_at, by
// the mailed link or a used reset link: confirmation.server.ts), so a stranger who registered
// someone's address cannot put it on a list; a reset that takes an unconfirmed account over drops
// the sign-ups made before it (dropHeldSignUps).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { operatorCsv } from '../../server/operator-csv.ts';

const CSV_COLUMNS = ['email', 'first_name', 'last_name', 'lists', 'created_at'] as const;

/** Addresses are compared without case: a person asking to be removed types theirs as they like. */
const sameAddress = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

/**
 * Every sign-up of a confirmed address as CSV, one line per address: its names, its lists (`a; b`)
 * and its first sign-up. Held sign-ups (an address not confirmed yet, or of no account) never appear;
 * "held" is read from the account at export time, so confirming releases them without a write here.
 */
export async function mailingListCsv(deps: AppDeps): Promise<string> {
  const rows = await deps.db
    .selectFrom('mailing_list_members as m')
    .innerJoin('users as u', 'u.email', 'm.email')
    .where('u.email_verified_at', 'is not', null)
    .select(['m.email', 'm.first_name', 'm.last_name', 'm.list', 'm.created_at'])
    .orderBy('m.email')
    .orderBy('m.created_at')
    .orderBy('m.list')
    .execute();
  const people = new Map<
    string,
    { email: string; first_name: string; last_name: string; lists: string[]; created_at: number }
  >();
  for (const row of rows) {
    const person = people.get(row.email);
    if (person) person.lists.push(row.list);
    else people.set(row.email, { ...row, created_at: Number(row.created_at), lists: [row.list] });
  }
  return operatorCsv(
    [...people.values()].map((person) => ({
      ...person,
      lists: person.lists.join('; '),
      created_at: new Date(person.created_at).toISOString(),
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

/** Removes every sign-up of an address; answers how many lists it was on. */
export async function removeFromMailingLists(deps: AppDeps, email: string): Promise<number> {
  const result = await deps.db
    .deleteFrom('mailing_list_members')
    .where(sameAddress(email))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A reset link took over an account whose address was not confirmed: whoever held it before may have
 * been a stranger, so the sign-ups made until now go (they were held, never exported).
 */
export async function dropHeldSignUps(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .deleteFrom('mailing_list_members')
    .where('email', 'in', (eb) => eb.selectFrom('users').select('users.email').where('users.id', '=', userId))
    .execute();
}
