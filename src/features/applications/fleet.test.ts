import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../../lib/control-characters.ts';
import { fieldErrors } from '../../lib/fields.ts';
import { sampleFleet } from './applications.sample.ts';
import { fleetSchema, fleetSummary, signedNow } from './fleet.ts';
import { GUARANTOR_KEYS } from './fleet-guaranty.ts';
import { APPLICATION_MESSAGES, summaryMessage } from './rules.ts';

const parse = (input: Record<string, unknown>) => v.safeParse(fleetSchema(input), input);
const errorsOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : fieldErrors(result.issues);
};
const withField = (name: string, value: unknown) => errorsOf({ ...sampleFleet(), [name]: value });

describe('fleet fueling application (product.md 3, 5.6, 9)', () => {
  it('accepts a complete application and normalises phones, amounts and counts', () => {
    const result = parse(sampleFleet());
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.output).toMatchObject({
      phone: '(814) 555-0123',
      contact_phone: '(814) 555-0125',
      fuel_spend: 7250.5,
      cards: 12,
      business_type: ['llc'],
    });
    expect(fleetSummary(result.output)).toBe('ACME HAULING');
  });

  it('filters control and direction characters out of the browser it was sent from', () => {
    const result = parse({ ...sampleFleet(), user_agent: 'Mozilla/5.0\u001b[2J\u202eevil\r\nX-Fake: 1' });
    expect(result.success).toBe(true);
    if (result.success) expect(hasControlCharacters(String(result.output.user_agent))).toBe(false);
  });

  it('names every required field of product.md 3 when the form is empty, with the required message', () => {
    const result = parse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(summaryMessage(result.issues)).toBe(APPLICATION_MESSAGES.required);
    expect(Object.keys(fieldErrors(result.issues)).sort()).toEqual(
      [
        'phone',
        'emboss_line_1',
        'taxpayer_id',
        'billing_contact',
        'billing_address',
        'billing_city',
        'billing_state',
        'billing_zip',
        'principals',
        'principal_email',
        'principal_phone',
        'in_business_since',
        'year_incorporated',
        'fiscal_year_start',
        'fuel_spend',
        'cards',
        'contact_name',
        'contact_title',
        'contact_email',
        'contact_phone',
        'business_type',
        'guaranty',
        'bank_name',
        'bank_address',
        'bank_city',
        'bank_state',
        'bank_zip',
        'bank_contact',
        'bank_phone',
        'bank_account',
        'ref1_company',
        'ref1_city_state',
        'ref1_contact',
        'ref1_phone',
        'ref2_company',
        'ref2_city_state',
        'ref2_contact',
        'ref2_phone',
        'signature',
        'sign_month',
        'sign_day',
        'sign_year',
        'sign_hour',
        'sign_minute',
        'sign_ampm',
        'print_name',
        'title',
      ].sort(),
    );
  });

  it('gives the format message when everything is filled but something is malformed', () => {
    const result = parse({ ...sampleFleet(), principal_email: 'pat@', phone: '555-0123' });
    expect(result.success || summaryMessage(result.issues)).toBe(APPLICATION_MESSAGES.format);
  });

  it('limits both embossing lines to 20 characters, spaces included', () => {
    expect(withField('emboss_line_1', 'ACME HAULING COMPANY')).toEqual({});
    expect(withField('emboss_line_1', 'ACME HAULING COMPANY!').emboss_line_1).toMatch(/at most 20/);
    expect(withField('emboss_line_2', 'FLEET DIVISION NORTH1').emboss_line_2).toMatch(/at most 20/);
  });

  it('takes an optional SSN of exactly 9 digits', () => {
    expect(withField('applicant_ssn', '')).toEqual({});
    expect(withField('applicant_ssn', '12345-6789').applicant_ssn).toMatch(/9 digits/);
    expect(withField('applicant_ssn', '1234567890').applicant_ssn).toMatch(/9 digits/);
  });

  it('checks the fuel spend: numeric, 1 to 1000000000000, two decimals, no commas', () => {
    expect(withField('fuel_spend', '1')).toEqual({});
    expect(withField('fuel_spend', '1000000000000')).toEqual({});
    expect(withField('fuel_spend', '0.99').fuel_spend).toMatch(/at least \$1.00/);
    expect(withField('fuel_spend', '1000000000000.01').fuel_spend).toMatch(/at most/);
    expect(withField('fuel_spend', '12.345').fuel_spend).toMatch(/dollars and cents/);
    expect(withField('fuel_spend', '1,200').fuel_spend).toMatch(/without commas/);
    expect(withField('fuel_spend', '0').fuel_spend).toMatch(/at least/);
  });

  it('keeps the cards within 1 to 30, whole numbers only', () => {
    expect(withField('cards', '30')).toEqual({});
    expect(withField('cards', '31').cards).toMatch(/1 to 30/);
    expect(withField('cards', '0').cards).toMatch(/1 to 30/);
    expect(withField('cards', '2.5').cards).toMatch(/whole number/);
  });

  it('wants phones as (XXX) XXX-XXXX: 10 digits, optional ones may stay empty', () => {
    expect(withField('phone', '814-555-012').phone).toMatch(/10-digit/);
    expect(withField('fax', '')).toEqual({});
    expect(withField('fax', '12345').fax).toMatch(/10-digit/);
    expect(withField('ref3_phone', '')).toEqual({});
  });

  it('gives hints but enforces no pattern on Zip +4 and years', () => {
    expect(withField('billing_zip', '16501')).toEqual({});
    expect(withField('in_business_since', '99')).toEqual({});
    expect(withField('in_business_since', '19999').in_business_since).toMatch(/at most 4/);
  });

  it('takes fiscal years only from the month list and needs both checkbox groups, several ticks allowed', () => {
    expect(withField('fiscal_year_start', 'Jan').fiscal_year_start).toBe('Fiscal Year Start is required');
    expect(withField('business_type', []).business_type).toBe('Check the type of your business');
    expect(withField('business_type', ['llc', 'corporation'])).toEqual({});
    expect(withField('guaranty', []).guaranty).toBe('Answer the personal guaranty question');
  });

  it('requires trade references 1 and 2 but not 3, and the bank account', () => {
    expect(Object.keys(withField('ref2_contact', ''))).toEqual(['ref2_contact']);
    expect(withField('ref3_company', 'Third Supplier')).toEqual({});
    expect(withField('bank_account', '').bank_account).toBe('Commercial Account # is required');
  });

  it('refuses a PO Box as the physical address', () => {
    expect(withField('hq_address', 'P.O. Box 12').hq_address).toBe(APPLICATION_MESSAGES.poBox);
    expect(withField('hq_address', '12 Post Road')).toEqual({});
  });

  it('signs with a drawn signature, a real date in 2018 to 2028 and a time', () => {
    expect(withField('signature', '').signature).toBe(APPLICATION_MESSAGES.signature);
    expect(withField('sign_year', '2029').sign_year).toMatch(/2018 to 2028/);
    expect(errorsOf({ ...sampleFleet(), sign_month: '4', sign_day: '31' }).sign_day).toBe(
      APPLICATION_MESSAGES.realDate,
    );
    expect(withField('sign_hour', '13').sign_hour).toBe('Hour is required');
    expect(withField('sign_minute', '60').sign_minute).toBe('Minute is required');
    expect(signedNow(new Date(2026, 4, 1, 0, 5))).toMatchObject({
      sign_hour: '12',
      sign_minute: '05',
      sign_ampm: 'AM',
    });
  });

  it('drops guarantor fields unless the answer is Yes, and requires the first guarantor then', () => {
    const sent = { ...sampleFleet({ guarantors: 2 }), guaranty: ['no'] };
    const result = parse(sent);
    expect(result.success).toBe(true);
    if (result.success) for (const key of GUARANTOR_KEYS) expect(result.output).not.toHaveProperty(key);
    expect(Object.keys(errorsOf({ ...sampleFleet(), guaranty: ['yes'] }))).toHaveLength(10);
    expect(parse(sampleFleet({ guarantors: 2 })).success).toBe(true);
  });

  it('checks a second guarantor only once it is started, then completely', () => {
    const one = sampleFleet({ guarantors: 1 });
    expect(errorsOf(one)).toEqual({});
    const errors = errorsOf({ ...one, g2_name: 'Lee Partner' });
    expect(Object.keys(errors)).toHaveLength(9);
    expect(errorsOf({ ...sampleFleet({ guarantors: 1 }), g1_dob: '7/14/71' }).g1_dob).toMatch(/MM\/DD\/YYYY/);
    expect(errorsOf({ ...sampleFleet({ guarantors: 1 }), g1_address: 'PO Box 9' }).g1_address).toBe(
      APPLICATION_MESSAGES.poBox,
    );
  });

  it('keeps the Other text only when how-heard is Other', () => {
    const other = parse({ ...sampleFleet(), how_heard: 'other', how_heard_other: 'Trade show' });
    expect(other.success && other.output.how_heard_other).toBe('Trade show');
    const website = parse({ ...sampleFleet(), how_heard_other: 'Trade show' });
    expect(website.success && 'how_heard_other' in website.output).toBe(false);
    expect(withField('how_heard', 'billboard').how_heard).toBeDefined();
  });
});
