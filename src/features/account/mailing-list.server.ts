// The mailing-list sign-ups for operators (`npm run admin -- mailing-list export|remove`): members
// sign up from the account area (POST /me/mailing-lists, one row per address and list); operators
// hand the list to the mailing tool and remove an address on request.
import { sql } from 'kysely';
import type { AppDeps } from '../../server/deps.ts';
import { operatorCsv } from '../../server/operator-csv.ts';

const CSV_COLUMNS = ['email', 'first_name', 'last_name', 'lists', 'created_at'] as const;

/** Addresses are compared without case: a person asking to be removed types theirs as they like. */
const sameAddress = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

/** Every sign-up as CSV, one line per address: its names, its lists (`a; b`) and its first sign-up. */
export async function mailingListCsv(deps: AppDeps): Promise<string> {
  const rows = await deps.db
    .selectFrom('mailing_list_members')
    .select(['email', 'first_name', 'last_name', 'list', 'created_at'])
    .orderBy('email')
    .orderBy('created_at')
    .orderBy('list')
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
