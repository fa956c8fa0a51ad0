// Sample data of the account area: the demo member documented in the README and docs/api.md.

import type { Seeder } from '../../server/db/seed.ts';
import { DEMO_ACCOUNT, insertMember } from './account.sample.ts';

export const seedAccount: Seeder = async ({ db, now }) => {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ACCOUNT.email)
    .executeTakeFirst();
  if (!existing) await insertMember(db, DEMO_ACCOUNT, now);
};
