import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../lib/fields.ts';
import { SIGNATURE_PNG, sampleChargeCard } from './applications.sample.ts';
import { ageOn, CHARGE_CARD, chargeCardSchema, chargeCardSummary, SECTION_B_FIELDS } from './charge-card.ts';
import { APPLICATION_MESSAGES, summaryMessage } from './rules.ts';

const NOW = Date.UTC(2026, 4, 1, 14);
const parse = (input: Record<string, unknown>) => v.safeParse(chargeCardSchema(input, NOW), input);
const errorsOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : fieldErrors(result.issues);
};
const summaryOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? null : summaryMessage(result.issues);
};

describe('charge card application (product.md 3, 5.6, 9)', () => {
  it('accepts a complete individual application and normalises it', () => {
    const result = parse(sampleChargeCard());
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.output).toMatchObject({ account_type: 'individual', cards: 1, a_phone: '8145550100' });
    expect(result.output.statement).toEqual(['mail']);
    expect(chargeCardSummary(result.output)).toBe('Dana Miller');
  });

  it('gives the required-fields message of product.md 5.6 when a required field is empty', () => {
    expect(summaryOf({})).toBe(APPLICATION_MESSAGES.required);
    const errors = errorsOf({ ...sampleChargeCard(), a_first_name: ' ', signature_a: '' });
    expect(errors.a_first_name).toBe('First name is required');
    expect(errors.signature_a).toBe('Please draw your signature in the box');
  });

  it('gives the format message of product.md 5.6 when values are filled but malformed', () => {
    const bad = { ...sampleChargeCard(), a_email: 'dana@', a_zip: '1234' };
    expect(summaryOf(bad)).toBe(APPLICATION_MESSAGES.format);
    expect(errorsOf(bad)).toEqual({
      a_email: 'Please enter a valid email address',
      a_zip: 'Please enter a valid ZIP code',
    });
  });

  it('limits the SSN to 9 digits without dashes and the initial to one letter', () => {
    for (const ssn of ['123-45-678', '12345678', '1234567890', '12345678a']) {
      expect(errorsOf({ ...sampleChargeCard(), a_ssn: ssn }).a_ssn).toMatch(/9 digits/);
    }
    expect(errorsOf({ ...sampleChargeCard(), a_initial: 'QR' }).a_initial).toMatch(/single letter/);
    expect(errorsOf({ ...sampleChargeCard(), a_initial: '' })).toEqual({});
  });

  it('keeps the number of cards within 1 to 4 and years at the address within 0 to 80', () => {
    expect(errorsOf({ ...sampleChargeCard(), cards: '0' }).cards).toMatch(/1 to 4/);
    expect(errorsOf({ ...sampleChargeCard(), cards: '5' }).cards).toMatch(/1 to 4/);
    expect(errorsOf({ ...sampleChargeCard(), cards: '4', a_years_at_address: '80' })).toEqual({});
    expect(errorsOf({ ...sampleChargeCard(), a_years_at_address: '81' }).a_years_at_address).toMatch(
      /0 to 80/,
    );
  });

  it('accepts birth years 1923 to 2023 only, and only real dates', () => {
    expect(errorsOf({ ...sampleChargeCard(), a_birth_year: '1922' }).a_birth_year).toMatch(/1923 to 2023/);
    expect(errorsOf({ ...sampleChargeCard(), a_birth_year: '2024' }).a_birth_year).toMatch(/1923 to 2023/);
    expect(errorsOf({ ...sampleChargeCard(), a_birth_month: '2', a_birth_day: '30' }).a_birth_day).toBe(
      APPLICATION_MESSAGES.realDate,
    );
  });

  it('takes states, territories and military codes, and an optional previous address', () => {
    for (const state of ['PA', 'DC', 'PR', 'GU', 'AE']) {
      expect(errorsOf({ ...sampleChargeCard(), a_state: state })).toEqual({});
    }
    expect(errorsOf({ ...sampleChargeCard(), a_state: 'XX' }).a_state).toBe('State is required');
    expect(errorsOf({ ...sampleChargeCard(), prev_zip: '16365' })).toEqual({});
    expect(errorsOf({ ...sampleChargeCard(), prev_zip: '163' }).prev_zip).toBe(
      'Please enter a valid ZIP code',
    );
  });

  it('needs Mail, Email or both for statements', () => {
    expect(errorsOf({ ...sampleChargeCard(), statement: [] }).statement).toBe('Choose Mail, Email or both');
    const both = parse({ ...sampleChargeCard(), statement: ['mail', 'email'] });
    expect(both.success && both.output.statement).toEqual(['mail', 'email']);
  });

  it('requires every Section B field for a joint account, and drops Section B otherwise', () => {
    const joint = { ...sampleChargeCard(), account_type: 'joint' };
    expect(Object.keys(errorsOf(joint)).sort()).toEqual(
      [
        'b_birth_day',
        'b_birth_month',
        'b_birth_year',
        'b_first_name',
        'b_last_name',
        'b_ssn',
        'signature_b',
      ].sort(),
    );
    const filledB = sampleChargeCard({ joint: true });
    const result = parse(filledB);
    expect(result.success).toBe(true);
    const individual = parse({ ...filledB, account_type: 'individual' });
    expect(individual.success).toBe(true);
    if (individual.success) {
      for (const name of SECTION_B_FIELDS) expect(individual.output).not.toHaveProperty(name);
    }
  });

  it('tells an individual applicant under 21 to add a co-signer (joint accounts may be under 21)', () => {
    const young = { ...sampleChargeCard(), a_birth_year: '2005', a_birth_month: '5', a_birth_day: '2' };
    expect(errorsOf(young).account_type).toBe(APPLICATION_MESSAGES.coSigner);
    expect(summaryOf(young)).toBe(APPLICATION_MESSAGES.coSigner);
    expect(errorsOf({ ...young, a_birth_day: '1' })).toEqual({}); // 21 today
    expect(errorsOf({ ...sampleChargeCard({ joint: true }), a_birth_year: '2010' })).toEqual({});
    expect(ageOn(NOW, 2005, 5, 1)).toBe(21);
    expect(ageOn(NOW, 2005, 5, 2)).toBe(20);
  });

  it('accepts only a PNG image as the signature', () => {
    expect(errorsOf({ ...sampleChargeCard(), signature_a: 'data:image/jpeg;base64,AAAA' }).signature_a).toBe(
      APPLICATION_MESSAGES.signature,
    );
    expect(errorsOf({ ...sampleChargeCard(), signature_a: SIGNATURE_PNG })).toEqual({});
  });
});

describe('checking in the browser', () => {
  it('names untouched fields with their own message, as the server does', async () => {
    const { parseApplication } = await import('./kind.ts');
    const result = parseApplication(CHARGE_CARD, { account_type: 'individual' }, NOW);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.issues).a_first_name).toBe('First name is required');
  });
});
