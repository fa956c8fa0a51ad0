// Account data, one source for the seed (src/features/account/account.seed.ts), the API tests
// (tests/support/test-api.ts `member()`, the account tests) and the browser tests (account-helpers.ts):
// the demo member, what a visitor types into the sign-up and profile forms, and members written
// straight to the database. Each feature keeps its sample data beside its seeder, in
// src/features/<feature>/<feature>.sample.ts like this; tests import it from there.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { mailboxKey } from '../../lib/mailbox.ts';
import type { Database } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/passwords.ts';
import type { profileFields } from './account.ts';
// Types only: the feature's modules read Vite's import.meta.env, which the seed (tsx) and Playwright lack.
import type { SignUpValues } from './register.ts';

export type ProfileValues = Record<keyof typeof profileFields, string>;

/** The seeded demo member (README, docs/api.md), with the profile as the site stores it. */
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

/** A fresh address on every call: tests that share a database or a server never collide. */
export const uniqueEmail = (name = 'member'): string => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** A complete profile as a visitor types it (product.md 3). */
export const profileValues = (overrides: Partial<ProfileValues> = {}): ProfileValues => ({
  first_name: 'Dana',
  last_name: 'Miller',
  phone: '(814) 555-0100',
  address_1: '1 Main St',
  address_2: '',
  city: 'Warren',
  state: 'PA',
  zip: '16365',
  ...overrides,
});

/** A complete, honest sign-up (product.md 5.2): a profile, a fresh address, a password that meets the rules. */
export const signUpValues = (overrides: Partial<SignUpValues> = {}): SignUpValues => ({
  ...profileValues(),
  email: uniqueEmail('dana'),
  password: 'Secret123',
  newsletter: true,
  offers: true,
  website: '',
  ...overrides,
});

export interface MemberValues extends Partial<ProfileValues> {
  email: string;
  password: string;
}

/** Writes a member straight to the database, password hashed as sign-up stores it; answers the id. */
export async function insertMember(
  db: Kysely<Database>,
  { email, password, ...profile }: MemberValues,
  now: number,
): Promise<string> {
  const id = randomUUID();
  const password_hash = await hashPassword(password);
  await db
    .insertInto('users')
    .values({
      ...profile,
      id,
      email,
      mailbox: mailboxKey(email),
      password_hash,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
