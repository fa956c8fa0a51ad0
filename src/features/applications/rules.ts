// Field rules both application forms share (product.md 3, 5.6, 9), with their visitor-facing messages.
// Imported by the islands and the API alike, so a rule and its wording live in one place.
import * as v from 'valibot';
import { isCalendarDate } from '../../lib/dates.ts';
import { digitsOnly, limitedText, optionalString, type TextShape } from '../../lib/fields.ts';

export const APPLICATION_MESSAGES = {
  // product.md 5.6: the form-level messages, shown above the submit button.
  required: 'Please fill in a valid value for all required fields',
  format: 'Please ensure all values are in a proper format',
  // product.md 8 (form provider texts): followed by the list of allowed types.
  fileType: 'You must upload one of the following file types for the selected field:',
  coSigner:
    'Applicants under 21 must have a co-signer complete Section B: choose Joint Account and add your co-signer.',
  poBox: 'Please give a street address here, not a PO Box',
  signature: 'Please draw your signature in the box',
  realDate: 'Please choose a date that exists',
} as const;

/** Messages that say more than the generic format text and so become the form-level message. */
const SPECIFIC_SUMMARIES: ReadonlySet<string> = new Set([APPLICATION_MESSAGES.coSigner]);

const isBlank = (input: unknown): boolean =>
  input === undefined ||
  input === null ||
  input === false ||
  (typeof input === 'string' && input.trim() === '') ||
  (Array.isArray(input) && input.length === 0);

/**
 * The form-level message of product.md 5.6: 'required' when any field needing a value is empty,
 * otherwise 'format' (or a specific rule's own sentence, such as the co-signer rule).
 */
export function summaryMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  if (issues.some((issue) => isBlank(issue.input))) return APPLICATION_MESSAGES.required;
  return (
    issues.find((issue) => SPECIFIC_SUMMARIES.has(issue.message))?.message ?? APPLICATION_MESSAGES.format
  );
}

const text = (label: string) => v.string(`${label} is required`);

/** A required text of at most `max` characters. */
export const required = limitedText;

export const optional = (label: string, max = 100, shape?: TextShape) =>
  optionalString(max, `${label} must be at most ${max} characters`, shape);

/** product.md 3: 9 characters, digits only, no dashes. */
export const ssnPattern = /^\d{9}$/;
export const ssnMessage = 'Enter the 9 digits of the Social Security number, without dashes';
export const ssn = (label = 'Social Security Number') =>
  v.pipe(text(label), v.trim(), v.nonEmpty(`${label} is required`), v.regex(ssnPattern, ssnMessage));
export const optionalSsn = v.optional(v.union([v.literal(''), ssn()], ssnMessage), '');

/** A whole number from a slider or select, within product.md's bounds. */
export const integer = (label: string, min: number, max: number) =>
  v.pipe(
    v.union([v.string(), v.number()], `${label} is required`),
    v.transform((value) => String(value).trim()),
    v.nonEmpty(`${label} is required`),
    v.regex(/^\d+$/, `${label} must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `${label} must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `${label} must be a whole number from ${min} to ${max}`),
  );

/** US national phone format (XXX) XXX-XXXX (fleet form); any typing with 10 digits is accepted. */
export const formatUsPhone = (value: string): string => {
  const d = digitsOnly(value);
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : value;
};
const phoneMessage = (label: string) => `${label} must be a 10-digit number like (814) 555-0100`;
export const usPhone = (label: string) =>
  v.pipe(
    text(label),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.check((value) => digitsOnly(value).length === 10, phoneMessage(label)),
    v.transform(formatUsPhone),
  );
export const optionalUsPhone = (label: string) =>
  v.optional(v.union([v.literal(''), usPhone(label)], phoneMessage(label)), '');

const PO_BOX = /\bp\.?\s*o\.?\s*box\b|\bpost\s+office\s+box\b|\bpo\s+box\b/i;
export const isPoBox = (value: string): boolean => PO_BOX.test(value);

/** A street address where product.md says 'no PO Box'. */
export const streetAddress = (label: string, max = 100) =>
  v.pipe(
    required(label, max),
    v.check((value) => !isPoBox(value), APPLICATION_MESSAGES.poBox),
  );
export const optionalStreetAddress = (label: string, max = 100) =>
  v.pipe(
    optional(label, max),
    v.check((value) => !isPoBox(value), APPLICATION_MESSAGES.poBox),
  );

/** Under the signature pad (product.md 4). */
export const SIGNATURE_INSTRUCTION = 'Use your mouse or finger to draw your signature above';
/** Shown in the instruction's place until the pad's code has come and it can be drawn on. */
export const SIGNATURE_GETTING_READY = 'Getting the signature pad ready…';

/** A drawn signature: a PNG image as a data URL (the pad's output; the server builds it from the upload). */
export const SIGNATURE_MAX_CHARS = 400_000;
export const signature = v.pipe(
  v.string(APPLICATION_MESSAGES.signature),
  v.nonEmpty(APPLICATION_MESSAGES.signature),
  v.maxLength(SIGNATURE_MAX_CHARS, APPLICATION_MESSAGES.signature),
  v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, APPLICATION_MESSAGES.signature),
);

/** MM/DD/YYYY (product.md 5.6's XX/XX/XXXX hint), a date that exists. */
export const slashDate = (label: string) =>
  v.pipe(
    required(label, 10),
    v.regex(/^\d{2}\/\d{2}\/\d{4}$/, `${label} must be written as MM/DD/YYYY`),
    v.check((value) => {
      const [m, d, y] = value.split('/').map(Number) as [number, number, number];
      return isCalendarDate(y, m, d);
    }, APPLICATION_MESSAGES.realDate),
  );

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Inclusive range of whole numbers, for selects. */
export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A checkbox group that needs at least one tick (several are allowed, product.md 5.6). */
export const checkboxGroup = <T extends string>(options: readonly [T, ...T[]], message: string) =>
  v.pipe(
    v.union([v.array(v.picklist(options, message)), v.picklist(options, message)], message),
    v.transform((value) => (Array.isArray(value) ? [...new Set(value)] : [value])),
    v.minLength(1, message),
  );

type Data = Record<string, unknown>;

/**
 * A rule across fields (a real date, the co-signer age), reported beside `field`. It runs once the
 * named fields are valid themselves, so the visitor sees one message at a time per field.
 */
export function crossCheck(
  fields: readonly string[],
  field: string,
  ok: (data: Data) => boolean,
  message: string,
): v.GenericValidation<Data, Data> {
  // valibot types the paths from a literal object schema; these forms build theirs per input.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const check = v.partialCheck(fields.map((name) => [name]) as any, ok as any, message);
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return v.forward(check as any, [field] as any) as unknown as v.GenericValidation<Data, Data>;
}
