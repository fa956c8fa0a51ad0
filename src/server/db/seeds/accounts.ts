// Sample data of the accounts feature: one demo member (documented in the README).
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../passwords.ts';
import type { Seeder } from './index.ts';

export const DEMO_ACCOUNT = {
  email: 'demo@kwikfill.example',
  password: 'KwikFill2026',
  first_name: 'Dana',
  last_name: 'Miller',
  phone: '8145550123',
  address_1: '814 Lexington Ave',
  address_2: '',
  city: 'Warren',
  state: 'PA',
  zip: '16365',
} as const;

export const seedAccounts: Seeder = async ({ db, now }) => {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ACCOUNT.email)
    .executeTakeFirst();
  if (existing) return;
  const { password, ...profile } = DEMO_ACCOUNT;
  await db
    .insertInto('users')
    .values({
      ...profile,
      id: randomUUID(),
      password_hash: await hashPassword(password),
      vip_registration_number: '',
      vip_secondary_number: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
};
