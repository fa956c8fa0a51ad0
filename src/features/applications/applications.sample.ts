// Application data, one source for the schema, API and CLI tests and the browser tests
// (tests/e2e/applications.spec.ts): complete submissions as the islands send them (strings,
// checkbox groups as lists, signatures as PNG data URLs) and multipart bodies built from them.

/** A 1x1 transparent PNG: the smallest image a signature pad could produce. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';

export const SECRETS = {
  ssnA: '193847562',
  ssnB: '284756193',
  ssnFleet: '375619284',
  ssnGuarantor1: '466192837',
  ssnGuarantor2: '557283946',
  bankAccount: '9081726354',
  dobGuarantor1: '07/14/1971',
  dobGuarantor2: '11/23/1968',
} as const;

export function sampleChargeCard({ joint = false } = {}): Record<string, unknown> {
  return {
    account_type: joint ? 'joint' : 'individual',
    cards: '1',
    a_first_name: 'Dana',
    a_initial: 'Q',
    a_last_name: 'Miller',
    a_ssn: SECRETS.ssnA,
    a_email: 'dana@example.com',
    a_phone: '(814) 555-0100',
    a_birth_month: '3',
    a_birth_day: '17',
    a_birth_year: '1984',
    a_address_1: '15 Bradley Street',
    a_address_2: '',
    a_city: 'Warren',
    a_state: 'PA',
    a_zip: '16365',
    prev_address_1: '',
    prev_address_2: '',
    prev_city: '',
    prev_state: '',
    prev_zip: '',
    a_years_at_address: '6',
    signature_a: SIGNATURE_PNG,
    statement: ['mail'],
    ...(joint
      ? {
          b_first_name: 'Sam',
          b_initial: '',
          b_last_name: 'Miller',
          b_ssn: SECRETS.ssnB,
          b_birth_month: '9',
          b_birth_day: '2',
          b_birth_year: '1986',
          signature_b: SIGNATURE_PNG,
        }
      : {}),
  };
}

const guarantor = (n: number, ssn: string, dob: string) => ({
  [`g${n}_signature`]: SIGNATURE_PNG,
  [`g${n}_date`]: '05/01/2026',
  [`g${n}_name`]: n === 1 ? 'Pat Owner' : 'Lee Partner',
  [`g${n}_ssn`]: ssn,
  [`g${n}_address`]: `${n}0 Elm Street`,
  [`g${n}_city`]: 'Erie',
  [`g${n}_state`]: 'PA',
  [`g${n}_zip`]: '16501',
  [`g${n}_phone`]: '814-555-0111',
  [`g${n}_dob`]: dob,
});

export function sampleFleet({ guarantors = 0 } = {}): Record<string, unknown> {
  return {
    phone: '8145550123',
    fax: '',
    emboss_line_1: 'ACME HAULING',
    emboss_line_2: '',
    dba: '',
    subsidiary_of: '',
    taxpayer_id: '25-1234567',
    applicant_ssn: SECRETS.ssnFleet,
    sic_code: '4212',
    billing_contact: 'Jo Books',
    billing_address: '100 Market St',
    billing_city: 'Erie',
    billing_state: 'PA',
    billing_zip: '16501-1234',
    hq_name: '',
    hq_address: '',
    hq_phone: '',
    principals: 'Pat Owner',
    principal_titles: 'President',
    principal_email: 'pat@acme.example',
    principal_phone: '(814) 555-0124',
    in_business_since: '1999',
    year_incorporated: '2001',
    fiscal_year_start: 'January',
    fuel_spend: '7250.50',
    cards: '12',
    contact_name: 'Jo Books',
    contact_title: 'Fleet manager',
    contact_address: '',
    contact_city: '',
    contact_state: '',
    contact_zip: '',
    contact_email: 'jo@acme.example',
    contact_phone: '814 555 0125',
    contact_fax: '',
    business_type: ['llc'],
    guaranty: [guarantors > 0 ? 'yes' : 'no'],
    bank_name: 'Northwest Bank',
    bank_address: '1 Bank Plaza',
    bank_city: 'Warren',
    bank_state: 'PA',
    bank_zip: '16365',
    bank_contact: 'Chris Teller',
    bank_phone: '8145550126',
    bank_account: SECRETS.bankAccount,
    bank_fax: '',
    ...[1, 2, 3].reduce<Record<string, string>>((refs, n) => {
      const filled = n < 3;
      refs[`ref${n}_company`] = filled ? `Supplier ${n}` : '';
      refs[`ref${n}_city_state`] = filled ? 'Erie, PA' : '';
      refs[`ref${n}_contact`] = filled ? 'Accounts' : '';
      refs[`ref${n}_phone`] = filled ? `814555020${n}` : '';
      return refs;
    }, {}),
    tax_exempt: '',
    signature: SIGNATURE_PNG,
    sign_month: '5',
    sign_day: '1',
    sign_year: '2026',
    sign_hour: '09',
    sign_minute: '30',
    sign_ampm: 'AM',
    print_name: 'Pat Owner',
    title: 'President',
    ...(guarantors >= 1 ? guarantor(1, SECRETS.ssnGuarantor1, SECRETS.dobGuarantor1) : {}),
    ...(guarantors >= 2 ? guarantor(2, SECRETS.ssnGuarantor2, SECRETS.dobGuarantor2) : {}),
    how_heard: 'website',
    how_heard_other: '',
    store_number: '',
    employee_number: '',
    additional_info: '',
    user_agent: 'Vitest',
  };
}

const SIGNATURE_NAMES = /^(signature(_a|_b)?|g\d_signature)$/;

/** A multipart body as the islands send it: signatures as PNG files, groups as repeated fields. */
export function applicationForm(
  values: Record<string, unknown>,
  files: Record<string, { name: string; content: Uint8Array<ArrayBuffer> | string; type?: string }> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (SIGNATURE_NAMES.test(name) && typeof value === 'string' && value.startsWith('data:')) {
      const bytes = Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
      form.append(name, new Blob([bytes], { type: 'image/png' }), `${name}.png`);
    } else if (Array.isArray(value)) {
      for (const item of value) form.append(name, String(item));
    } else form.append(name, String(value ?? ''));
  }
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

/** A tiny but real PDF, with a marker that must never appear in clear at rest. */
export const STATEMENT_MARKER = 'CONFIDENTIAL-STATEMENT-7731';
export const SAMPLE_PDF = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${STATEMENT_MARKER}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
