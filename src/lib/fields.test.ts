import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { digitsOnly } from './digits.ts';
import {
  limitedText,
  numberOrText,
  optionalString,
  phoneField,
  requiredString,
  requiredText,
  tenDigitPhone,
} from './fields.ts';

/** The output, or the first message. */
const run = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: result.output } : { error: result.issues[0]?.message };
};
/** A field as it sits in a form's object schema: a missing key gets the field's own message. */
const field = (schema: v.GenericSchema, input: Record<string, unknown>) =>
  run(
    v.pipe(
      v.object({ f: schema }),
      v.transform((o) => o.f),
    ),
    input,
  );

describe('digitsOnly', () => {
  it.each([
    ['(814) 555-0100', '8145550100'],
    ['1234-5678 ', '12345678'],
    ['abc', ''],
    ['', ''],
    ['٣4', '4'], // only 0-9 count as digits
  ])('%j gives %j', (input, digits) => {
    expect(digitsOnly(input)).toBe(digits);
  });
});

describe('requiredString and its named forms', () => {
  const name = requiredString(5, { required: 'Say it', tooLong: 'Too much' });
  it.each([
    [{ f: ' Ann ' }, { ok: 'Ann' }],
    [{ f: '   ' }, { error: 'Say it' }],
    [{}, { error: 'Say it' }], // a missing key gets the field's own message, not valibot's
    [{ f: null }, { error: 'Say it' }],
    [{ f: 12 }, { error: 'Say it' }],
    [{ f: 'Annabel' }, { error: 'Too much' }],
  ])('%j: %j', (input, expected) => {
    expect(field(name, input)).toEqual(expected);
  });

  it('says the label in each message', () => {
    expect(field(requiredText('City', 3), {})).toEqual({ error: 'City is required' });
    expect(field(requiredText('City', 3), { f: 'Erie' })).toEqual({ error: 'City is too long' });
    expect(field(limitedText('Title', 3), { f: '' })).toEqual({ error: 'Title is required' });
    expect(field(limitedText('Title', 3), { f: 'Pies' })).toEqual({
      error: 'Title must be at most 3 characters',
    });
  });

  it('optionalString may be left out', () => {
    expect(field(optionalString(3, 'Long'), {})).toEqual({ ok: '' });
    expect(field(optionalString(3, 'Long'), { f: ' ab ' })).toEqual({ ok: 'ab' });
    expect(field(optionalString(3, 'Long'), { f: 'abcd' })).toEqual({ error: 'Long' });
  });
});

describe('control characters and bidi overrides in text fields', () => {
  const ESC = '\u001b';
  it('are dropped from one line, and a tab or line break there reads as a space', () => {
    const name = requiredText('Name', 50);
    expect(field(name, { f: `Ann${ESC}[2J${ESC}]0;pwned\u0007` })).toEqual({ ok: 'Ann[2J]0;pwned' });
    expect(field(name, { f: 'Ann\u202eeilrahC\u202c\u2066x\u2069' })).toEqual({ ok: 'AnneilrahCx' });
    expect(field(name, { f: 'Ann\tMarie\r\nSmith' })).toEqual({ ok: 'Ann Marie Smith' });
    expect(field(name, { f: 'C1\u009b31m and DEL\u007f' })).toEqual({ ok: 'C131m and DEL' });
    expect(field(optionalString(20), { f: `${ESC}[31mred` })).toEqual({ ok: '[31mred' });
    // Only invisible characters: as empty as a blank field, with the field's own message.
    expect(field(name, { f: '\u202e\u0000' })).toEqual({ error: 'Name is required' });
    // Letters of any script stay.
    expect(field(name, { f: 'Zoë Ñandú 李' })).toEqual({ ok: 'Zoë Ñandú 李' });
  });

  it('leave a multi-line field its line breaks and tabs, and only those', () => {
    const message = requiredString(100, { required: 'Say it', tooLong: 'Too much' }, { multiLine: true });
    expect(field(message, { f: 'Hi,\r\n\tthanks\rbye' })).toEqual({ ok: 'Hi,\n\tthanks\nbye' });
    expect(field(message, { f: `a${ESC}[1A\u2067b\u000bc` })).toEqual({ ok: 'a[1Abc' });
    expect(field(optionalString(20, 'Long', { multiLine: true }), { f: 'a\nb\u0085' })).toEqual({
      ok: 'a\nb',
    });
  });
});

describe('tenDigitPhone', () => {
  it.each([
    ['(814) 555-0100', { ok: '8145550100' }],
    ['814.555.0100', { ok: '8145550100' }],
    ['555-0100', { error: 'Ten digits' }],
    ['1 814 555 0100', { error: 'Ten digits' }],
  ])('%j: %j', (input, expected) => {
    expect(run(tenDigitPhone('Ten digits'), input)).toEqual(expected);
  });

  it('phoneField says required before the format', () => {
    expect(field(phoneField, {})).toEqual({ error: 'Phone number is required' });
    expect(field(phoneField, { f: '12' })).toEqual({ error: 'Please enter a valid 10-digit phone number' });
  });
});

describe('numberOrText', () => {
  const size = numberOrText(/^\d+$/, 'Size must be a whole number', 'Size is required');
  it.each([
    [3, { ok: 3 }],
    [' 42 ', { ok: 42 }],
    ['4.5', { error: 'Size must be a whole number' }],
    ['', { error: 'Size must be a whole number' }],
    [undefined, { error: 'Size is required' }],
    [true, { error: 'Size is required' }],
    [4.5, { ok: 4.5 }], // a JSON number is taken as it is (a schema may add v.integer)
  ])('%j: %j', (input, expected) => {
    expect(run(size, input)).toEqual(expected);
  });
});
