// The label of every application field, as the forms show it and the exported PDF prints it.
import { addressLabels } from './address.ts';
import { GUARANTOR_NUMBERS } from './fleet-guaranty.ts';

const applicant = (prefix: 'a' | 'b') => ({
  [`${prefix}_first_name`]: 'First name',
  [`${prefix}_initial`]: 'Middle initial',
  [`${prefix}_last_name`]: 'Last name',
  [`${prefix}_ssn`]: 'Social Security Number',
  [`${prefix}_birth_month`]: 'Birth month',
  [`${prefix}_birth_day`]: 'Birth day',
  [`${prefix}_birth_year`]: 'Birth year',
});

export const CHARGE_CARD_LABELS: Record<string, string> = {
  account_type: 'Type of Account',
  cards: 'Number of Cards',
  ...applicant('a'),
  a_email: 'Email',
  a_phone: 'Phone Number',
  a_address_1: 'Address line 1',
  a_address_2: 'Address line 2',
  ...addressLabels({ prefix: 'a', zip: 'zip' }),
  prev_address_1: 'Previous address line 1',
  prev_address_2: 'Previous address line 2',
  ...addressLabels({ prefix: 'prev', zip: 'zip', lead: 'Previous' }),
  a_years_at_address: 'Years at this address',
  signature_a: 'Signature',
  ...applicant('b'),
  signature_b: 'Joint applicant signature',
  statement: 'Statement delivery',
};

const reference = (n: number) => ({
  [`ref${n}_company`]: 'Company name',
  [`ref${n}_city_state`]: 'City/State',
  [`ref${n}_contact`]: 'Contact',
  [`ref${n}_phone`]: 'Phone',
});

const guarantor = (n: number) => ({
  [`g${n}_signature`]: 'Signature',
  [`g${n}_date`]: 'Date',
  [`g${n}_name`]: 'Print name',
  [`g${n}_ssn`]: 'Social Security Number',
  [`g${n}_address`]: 'Residential address',
  ...addressLabels({ prefix: `g${n}`, zip: 'zip' }),
  [`g${n}_phone`]: 'Phone',
  [`g${n}_dob`]: 'Date of birth',
});

export const FLEET_LABELS: Record<string, string> = {
  phone: 'Phone',
  fax: 'Fax',
  emboss_line_1: 'Company Name Embossed on Cards',
  emboss_line_2: 'Embossing on second line',
  dba: 'DBA or AKA',
  subsidiary_of: 'Subsidiary of',
  taxpayer_id: "Applicant's Taxpayer ID#",
  applicant_ssn: "Applicant's SSN#",
  sic_code: 'SIC Code or Type of Business',
  billing_contact: 'Billing Contact',
  billing_address: 'Billing Address',
  ...addressLabels({ prefix: 'billing', zip: 'zip+4' }),
  hq_name: 'Headquarters Name',
  hq_address: 'Physical Address',
  hq_phone: 'Phone #',
  principals: 'Principal(s)/Authorized Officer(s)',
  principal_titles: 'Title(s)',
  principal_email: 'Email',
  principal_phone: 'Phone',
  in_business_since: 'In Business Since',
  year_incorporated: 'Year of Incorporation',
  fiscal_year_start: 'Fiscal Year Start',
  fuel_spend: 'Avg. Month Fuel Expenditures',
  cards: 'Number of Cards',
  contact_name: 'Primary Authorized Contact Name',
  contact_title: 'Title',
  contact_address: 'Mailing Address',
  ...addressLabels({ prefix: 'contact', zip: 'zip+4' }),
  contact_email: 'Contact Email',
  contact_phone: 'Phone',
  contact_fax: 'Fax',
  annual_statement: 'Annual Financial Statement',
  current_statement: 'Current Financial Statement',
  business_type: 'Business type',
  guaranty: 'Personal guaranty',
  bank_name: 'Primary Business Bank',
  bank_address: 'Bank Address',
  ...addressLabels({ prefix: 'bank', zip: 'zip+4' }),
  bank_contact: 'Bank Contact Person',
  bank_phone: 'Phone',
  bank_account: 'Commercial Account #',
  bank_fax: 'Fax',
  ...reference(1),
  ...reference(2),
  ...reference(3),
  tax_exempt: 'Exempt from motor fuels tax',
  signature: 'Signature',
  sign_month: 'Month',
  sign_day: 'Day',
  sign_year: 'Year',
  sign_hour: 'Hour',
  sign_minute: 'Minute',
  sign_ampm: 'AM/PM',
  print_name: 'Print Name',
  title: 'Title',
  ...Object.assign({}, ...GUARANTOR_NUMBERS.map(guarantor)),
  how_heard: 'How did you hear about the fleet fueling program?',
  how_heard_other: 'Other',
  store_number: 'Store #',
  employee_number: 'Employee #',
  additional_info: 'Additional Information',
  user_agent: 'Browser',
};

/** The heading a field belongs under in the PDF (reference and guarantor numbers). */
export function groupOf(name: string): string | undefined {
  const ref = /^ref(\d)_/.exec(name);
  if (ref) return `Trade reference ${ref[1]}`;
  const guarantorMatch = /^g(\d)_/.exec(name);
  if (guarantorMatch) return `Personal guaranty: guarantor ${guarantorMatch[1]}`;
  if (name.startsWith('b_') || name === 'signature_b') return 'Section B: joint applicant';
  if (name.startsWith('a_') || name.startsWith('prev_') || name === 'signature_a')
    return 'Section A: applicant';
  return undefined;
}
