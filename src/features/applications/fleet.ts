// The fleet fueling application (product.md 3, 4, 5.6, 9): every field with its required/optional
// status and limits. The guaranty block and the Other text are part of the schema only when
// they are shown, so hidden fields are never accepted or stored. Shared by island and API.
import * as v from 'valibot';
import { withoutControlCharacters } from '../../lib/control-characters.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { emailField } from '../../lib/fields.ts';
import { addressSchema } from './address.ts';
import { GUARANTOR_KEYS, GUARANTOR_NUMBERS, guarantyEntries } from './fleet-guaranty.ts';
import type { KindInfo } from './kind.ts';
import {
  APPLICATION_MESSAGES,
  checkboxGroup,
  crossCheck,
  integer,
  MONTHS,
  optional,
  optionalSsn,
  optionalStreetAddress,
  optionalUsPhone,
  range,
  required,
  signature,
  usPhone,
} from './rules.ts';
import { UPLOAD_FIELDS } from './uploads.ts';

export const EMBOSS_MAX = 20;
export const FLEET_CARDS = { min: 1, max: 30, default: 1 } as const;
export const FUEL_SPEND = { min: 1, max: 1_000_000_000_000 } as const;
/** product.md 5.6: at this estimated monthly vehicle spend, financial statements should be attached. */
export const STATEMENT_THRESHOLD = 6600;
export const SIGN_YEARS = range(2018, 2028);
export const HOURS = range(1, 12).map((h) => String(h).padStart(2, '0'));
export const MINUTES = range(0, 59).map((m) => String(m).padStart(2, '0'));

export const BUSINESS_TYPES = [
  ['corporation', 'Corporation'],
  ['proprietorship', 'Proprietorship'],
  ['partnership', 'Partnership'],
  ['pc_pa', 'PC or PA'],
  ['llc', 'LLC'],
] as const;
export const GUARANTY_OPTIONS = [
  ['no', 'No'],
  ['yes', 'Yes (If yes, complete the Personal Guaranty below.)'],
] as const;
export const HOW_HEARD = [
  ['store_employee', 'Store Employee'],
  ['website', 'Website'],
  ['social_media', 'Social Media'],
  ['radio', 'Radio'],
  ['television', 'Television'],
  ['word_of_mouth', 'Word of Mouth'],
  ['other', 'Other'],
] as const;

const codes = <T extends readonly (readonly [string, string])[]>(list: T) =>
  list.map(([code]) => code) as unknown as [T[number][0], ...T[number][0][]];

const emboss = (label: string, isRequired: boolean) =>
  isRequired ? required(label, EMBOSS_MAX) : optional(label, EMBOSS_MAX);

const money = 'Enter an amount in dollars and cents without commas, like 2500.00';
const fuelSpend = v.pipe(
  v.string('Avg. Month Fuel Expenditures is required'),
  v.trim(),
  v.nonEmpty('Avg. Month Fuel Expenditures is required'),
  v.regex(/^\d+(\.\d{1,2})?$/, money),
  v.transform(Number),
  v.minValue(FUEL_SPEND.min, 'Avg. Month Fuel Expenditures must be at least $1.00'),
  v.maxValue(FUEL_SPEND.max, 'Avg. Month Fuel Expenditures may be at most $1,000,000,000,000.00'),
);

/** A trade reference: all four fields required for the first two, optional for the third. */
const reference = (n: number, isRequired: boolean) => ({
  [`ref${n}_company`]: isRequired ? required('Company name') : optional('Company name'),
  [`ref${n}_city_state`]: isRequired ? required('City/State') : optional('City/State'),
  [`ref${n}_contact`]: isRequired ? required('Contact', 60) : optional('Contact', 60),
  [`ref${n}_phone`]: isRequired ? usPhone('Phone') : optionalUsPhone('Phone'),
});

const base = {
  phone: usPhone('Phone'),
  fax: optionalUsPhone('Fax'),
  emboss_line_1: emboss('Company Name Embossed on Cards', true),
  emboss_line_2: emboss('Embossing on second line', false),
  dba: optional('DBA or AKA'),
  subsidiary_of: optional('Subsidiary of'),
  taxpayer_id: required("Applicant's Taxpayer ID#", 20),
  applicant_ssn: optionalSsn,
  sic_code: optional('SIC Code or Type of Business'),
  billing_contact: required('Billing Contact', 60),
  billing_address: required('Billing Address'),
  ...addressSchema({ prefix: 'billing', required: true, zip: 'zip+4' }),
  hq_name: optional('Headquarters Name'),
  hq_address: optionalStreetAddress('Physical Address'),
  hq_phone: optionalUsPhone('Phone #'),
  principals: required('Principal(s)/Authorized Officer(s)', 200),
  principal_titles: optional('Title(s)', 200),
  principal_email: emailField,
  principal_phone: usPhone('Phone'),
  in_business_since: required('In Business Since', 4),
  year_incorporated: required('Year of Incorporation', 4),
  fiscal_year_start: v.picklist(MONTHS, 'Fiscal Year Start is required'),
  fuel_spend: fuelSpend,
  cards: integer('Number of Cards', FLEET_CARDS.min, FLEET_CARDS.max),
  contact_name: required('Primary Authorized Contact Name', 60),
  contact_title: required('Title', 60),
  contact_address: optional('Mailing Address'),
  ...addressSchema({ prefix: 'contact', required: false, zip: 'zip+4' }),
  contact_email: emailField,
  contact_phone: usPhone('Phone'),
  contact_fax: optionalUsPhone('Fax'),
  business_type: checkboxGroup(codes(BUSINESS_TYPES), 'Check the type of your business'),
  guaranty: checkboxGroup(codes(GUARANTY_OPTIONS), 'Answer the personal guaranty question'),
  bank_name: required('Primary Business Bank'),
  bank_address: required('Bank Address'),
  ...addressSchema({ prefix: 'bank', required: true, zip: 'zip+4' }),
  bank_contact: required('Bank Contact Person', 60),
  bank_phone: usPhone('Phone'),
  bank_account: v.pipe(
    required('Commercial Account #', 34),
    v.regex(/^[A-Za-z0-9 -]+$/, 'Commercial Account # may hold only letters, digits, spaces and dashes'),
  ),
  bank_fax: optionalUsPhone('Fax'),
  ...reference(1, true),
  ...reference(2, true),
  ...reference(3, false),
  tax_exempt: v.optional(v.picklist(['', 'yes']), ''),
  signature,
  sign_month: integer('Month', 1, 12),
  sign_day: integer('Day', 1, 31),
  sign_year: integer('Year', SIGN_YEARS[0] as number, SIGN_YEARS.at(-1) as number),
  sign_hour: v.picklist(HOURS as [string, ...string[]], 'Hour is required'),
  sign_minute: v.picklist(MINUTES as [string, ...string[]], 'Minute is required'),
  sign_ampm: v.picklist(['AM', 'PM'], 'AM/PM is required'),
  print_name: required('Print Name', 60),
  title: required('Title', 60),
  how_heard: v.optional(v.union([v.literal(''), v.picklist(codes(HOW_HEARD))]), ''),
  store_number: optional('Store #', 20),
  employee_number: optional('Employee #', 20),
  additional_info: optional('Additional Information', 2000, { multiLine: true }),
  // Sent by the browser, shown to staff: control and direction characters filtered like every field.
  user_agent: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => withoutControlCharacters(s).slice(0, 400)),
    ),
    '',
  ),
};

/** The schema for what the visitor chose: guarantors only for 'Yes', the Other text only for Other. */
export function fleetSchema(input: unknown) {
  const data = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const entries: v.ObjectEntries = {
    ...base,
    ...(data.how_heard === 'other' ? { how_heard_other: optional('Other', 200) } : {}),
    ...guarantyEntries(data),
  };
  return v.pipe(
    v.object(entries),
    crossCheck(
      ['sign_year', 'sign_month', 'sign_day'],
      'sign_day',
      (d) => isCalendarDate(Number(d.sign_year), Number(d.sign_month), Number(d.sign_day)),
      APPLICATION_MESSAGES.realDate,
    ),
  );
}

/** Never kept in the browser's draft, and always encrypted at rest. */
export const FLEET_SECRETS = [
  'applicant_ssn',
  'bank_account',
  'signature',
  ...GUARANTOR_KEYS.filter((key) => /_(ssn|dob|signature)$/.test(key)),
];

export const fleetSummary = (data: Record<string, unknown>): string =>
  String(data.emboss_line_1 ?? data.dba ?? '').trim();

export const FLEET: KindInfo = {
  kind: 'fleet-fueling',
  title: 'Fleet Fueling Application',
  prefix: 'FF',
  signatures: ['signature', ...GUARANTOR_NUMBERS.map((n) => `g${n}_signature`)],
  groups: ['business_type', 'guaranty'],
  uploads: UPLOAD_FIELDS.map(([name]) => name),
  secrets: FLEET_SECRETS,
  emailField: 'contact_email',
  summary: fleetSummary,
  schema: fleetSchema,
};

/** Today's date and time as the signature selects show them (product.md 4: set at load). */
export function signedNow(date: Date) {
  const hour = date.getHours() % 12 || 12;
  return {
    sign_month: String(date.getMonth() + 1),
    sign_day: String(date.getDate()),
    sign_year: String(date.getFullYear()),
    sign_hour: String(hour).padStart(2, '0'),
    sign_minute: String(date.getMinutes()).padStart(2, '0'),
    sign_ampm: date.getHours() < 12 ? 'AM' : 'PM',
  };
}
