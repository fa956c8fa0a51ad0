// The charge card application (product.md 3, 4, 5.6, 9): every field with its limits. Section B (the
// joint applicant) is part of the schema only for a joint account, so a hidden section is never
// accepted or stored. Shared by the island and the API.
import * as v from 'valibot';
import { isCalendarDate } from '../../lib/dates.ts';
import { emailField, phoneField } from '../../lib/fields.ts';
import { addressSchema } from './address.ts';
import type { KindInfo } from './kind.ts';
import {
  APPLICATION_MESSAGES,
  checkboxGroup,
  crossCheck,
  integer,
  optional,
  range,
  required,
  signature,
  ssn,
} from './rules.ts';

export const CARDS = { min: 1, max: 4, default: 1 } as const;
export const YEARS_AT_ADDRESS = { min: 0, max: 80, default: 0 } as const;
export const BIRTH_YEARS = range(1923, 2023);
export const CO_SIGNER_AGE = 21;

export const ACCOUNT_TYPES = [
  ['individual', 'Individual Account'],
  ['joint', 'Joint Account'],
] as const;
export const STATEMENT_OPTIONS = [
  ['mail', 'Mail'],
  ['email', 'Email'],
] as const;

const initial = v.optional(
  v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]?$/, 'Middle initial must be a single letter')),
  '',
);
const birthday = (prefix: string) => ({
  [`${prefix}_birth_month`]: integer('Birth month', 1, 12),
  [`${prefix}_birth_day`]: integer('Birth day', 1, 31),
  [`${prefix}_birth_year`]: integer('Birth year', BIRTH_YEARS[0] as number, BIRTH_YEARS.at(-1) as number),
});

const sectionA = {
  a_first_name: required('First name', 50),
  a_initial: initial,
  a_last_name: required('Last name', 50),
  a_ssn: ssn(),
  a_email: emailField,
  a_phone: phoneField,
  ...birthday('a'),
  a_address_1: required('Address', 100),
  a_address_2: optional('Address line 2', 100),
  ...addressSchema({ prefix: 'a', required: true, zip: 'zip' }),
  prev_address_1: optional('Previous address', 100),
  prev_address_2: optional('Previous address line 2', 100),
  ...addressSchema({ prefix: 'prev', required: false, zip: 'zip', lead: 'Previous' }),
  a_years_at_address: integer('Years at this address', YEARS_AT_ADDRESS.min, YEARS_AT_ADDRESS.max),
  signature_a: signature,
};

const sectionB = {
  b_first_name: required('First name', 50),
  b_initial: initial,
  b_last_name: required('Last name', 50),
  b_ssn: ssn(),
  ...birthday('b'),
  signature_b: signature,
};

/** Names of Section B's fields: left out of the submission while the section is hidden. */
export const SECTION_B_FIELDS = Object.keys(sectionB);

/** Whole years between the birthday and `now` (epoch ms, UTC calendar). */
export function ageOn(now: number, year: number, month: number, day: number): number {
  const today = new Date(now);
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

const birthFields = (prefix: string) => [
  `${prefix}_birth_year`,
  `${prefix}_birth_month`,
  `${prefix}_birth_day`,
];
const birthOf = (data: Record<string, unknown>, prefix: string) =>
  birthFields(prefix).map((name) => Number(data[name])) as [number, number, number];
const realBirthday = (prefix: string) =>
  crossCheck(
    birthFields(prefix),
    `${prefix}_birth_day`,
    (data) => isCalendarDate(...birthOf(data, prefix)),
    APPLICATION_MESSAGES.realDate,
  );

/**
 * The schema for what the visitor chose: Section B only for a joint account. `now` decides who
 * is under 21 (product.md 3's note): an individual applicant that young is told to add a co-signer.
 */
export function chargeCardSchema(input: unknown, now: number) {
  const joint = (input as { account_type?: unknown } | null)?.account_type === 'joint';
  const entries: v.ObjectEntries = {
    account_type: v.picklist(['individual', 'joint'], 'Type of Account is required'),
    cards: integer('Number of Cards', CARDS.min, CARDS.max),
    ...sectionA,
    ...(joint ? sectionB : {}),
    statement: checkboxGroup(['mail', 'email'], 'Choose Mail, Email or both'),
  };
  return v.pipe(
    v.object(entries),
    realBirthday('a'),
    ...(joint ? [realBirthday('b')] : []),
    crossCheck(
      ['account_type', ...birthFields('a')],
      'account_type',
      (data) => data.account_type !== 'individual' || ageOn(now, ...birthOf(data, 'a')) >= CO_SIGNER_AGE,
      APPLICATION_MESSAGES.coSigner,
    ),
  );
}

/** Never kept in the browser's draft, and always encrypted at rest. */
export const CHARGE_CARD_SECRETS = [
  'a_ssn',
  'a_birth_month',
  'a_birth_day',
  'a_birth_year',
  'signature_a',
  'b_ssn',
  'b_birth_month',
  'b_birth_day',
  'b_birth_year',
  'signature_b',
] as const;

/** The name the operators and the credit department see in lists and mail. */
export const chargeCardSummary = (data: Record<string, unknown>): string =>
  `${String(data.a_first_name ?? '')} ${String(data.a_last_name ?? '')}`.trim();

export const CHARGE_CARD: KindInfo = {
  kind: 'charge-card',
  title: 'Charge Card Application',
  prefix: 'CC',
  signatures: ['signature_a', 'signature_b'],
  groups: ['statement'],
  uploads: [],
  secrets: CHARGE_CARD_SECRETS,
  emailField: 'a_email',
  summary: chargeCardSummary,
  schema: chargeCardSchema,
};
