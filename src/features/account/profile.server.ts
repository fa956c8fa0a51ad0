// The profile as the API answers it (docs/api.md): the product.md 3 fields plus the two VIP numbers,
// and whether the address is confirmed (the /account notice: docs/decisions/0014-*).

import type { Selectable } from 'kysely';
import type { UsersTable } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';

export const PROFILE_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'vip_registration_number',
  'vip_secondary_number',
] as const;

type ProfileRow = Pick<Selectable<UsersTable>, (typeof PROFILE_COLUMNS)[number]>;

export const toProfile = ({ vip_registration_number, vip_secondary_number, ...fields }: ProfileRow) => ({
  ...fields,
  vip: { registration_number: vip_registration_number, secondary_number: vip_secondary_number },
});

export async function loadProfile(deps: AppDeps, userId: string) {
  const row = await deps.db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  // The account can vanish between the session check and this read (deleted in another tab).
  if (!row) throw ApiError.of(ERRORS.unauthorized);
  const { email_verified_at, ...profile } = row;
  return { ...toProfile(profile), email_confirmed: email_verified_at !== null };
}
