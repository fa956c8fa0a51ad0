// Field rules shared by every form, with the exact messages of product.md 5. Islands and the API import
// the same schemas, so a rule and its wording live in one place.
import * as v from 'valibot';
import { withoutControlCharacters } from './control-characters.ts';
import { digitsOnly } from './digits.ts';
import { US_STATE_CODES } from './us-states.ts';

export { digitsOnly };

/**
 * The start of every required field: a string with the field's own message. valibot's v.object
 * answers a missing key with its generic 'Invalid key: ...' text, so a missing key reads as ''
 * (the optional's default) and the field's own rules say what is wrong ('Email is required').
 * In the typed client the key is optional; in the validated output it is always there.
 */
export const text = (message: string) => v.optional(v.string(message), '');

/** Where a free-text field reads more than one line (a message); every other text field is one line. */
export interface TextShape {
  multiLine?: boolean;
}

/**
 * Control characters and bidi overrides dropped (src/lib/control-characters.ts): what a visitor or
 * an import file types into a text field is stored without them, so no stored text can move an
 * operator's cursor or turn its own words around. Silently: they are invisible, there is nothing to
 * show the visitor. One line keeps no line break (a pasted one becomes a space).
 */
const plainText = ({ multiLine = false }: TextShape = {}) =>
  v.transform((value: string) => withoutControlCharacters(value, multiLine));

/** A required string, trimmed, of at most `max` characters: the shape every required text field has. */
export const requiredString = (
  max: number,
  messages: { required: string; tooLong: string },
  shape?: TextShape,
) =>
  v.pipe(
    text(messages.required),
    plainText(shape),
    v.trim(),
    v.nonEmpty(messages.required),
    v.maxLength(max, messages.tooLong),
  );

/** A string that may be left out ('' then), trimmed, of at most `max` characters. */
export const optionalString = (max: number, tooLong?: string, shape?: TextShape) =>
  v.optional(v.pipe(v.string(), plainText(shape), v.trim(), v.maxLength(max, tooLong)), '');

/** '{Field name} is required' (product.md 5.1), '{Field name} is too long'. */
export const requiredText = (label: string, max = 100) =>
  requiredString(max, { required: `${label} is required`, tooLong: `${label} is too long` });

/** '{Field name} is required', '{Field name} must be at most {max} characters' (forms that say the limit). */
export const limitedText = (label: string, max = 100) =>
  requiredString(max, {
    required: `${label} is required`,
    tooLong: `${label} must be at most ${max} characters`,
  });

export const optionalText = (max = 100) => optionalString(max);

/**
 * A number sent as a JSON number or written as text (a CSV cell, a select's value): text counts
 * when it matches `pattern`, else `message`; neither a number nor text (a missing cell) is `missing`.
 */
export const numberOrText = (pattern: RegExp, message: string, missing = message) =>
  v.pipe(
    v.union([v.number(), v.string()], missing),
    v.check((value) => typeof value === 'number' || pattern.test(value.trim()), message),
    v.transform((value) => (typeof value === 'number' ? value : Number(value.trim()))),
  );

/** Any typing of a 10-digit US phone number ('(814) 555-0100'), kept as its 10 digits. */
export const tenDigitPhone = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((value) => digitsOnly(value).length === 10, message),
    v.transform(digitsOnly),
  );

export const emailField = v.pipe(
  text('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Please enter a valid email address'),
  v.email('Please enter a valid email address'),
  v.toLowerCase(),
);

export const phoneField = v.pipe(
  text('Phone number is required'),
  v.trim(),
  v.nonEmpty('Phone number is required'),
  tenDigitPhone('Please enter a valid 10-digit phone number'),
);

/** Phone that may be left empty, but must have 10 digits when given. */
export const optionalPhoneField = v.optional(
  v.union([v.literal(''), phoneField], 'Please enter a valid 10-digit phone number'),
  '',
);

export const zipField = v.pipe(
  text('ZIP code is required'),
  v.trim(),
  v.nonEmpty('ZIP code is required'),
  v.regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
);

export const stateField = v.pipe(text('State is required'), v.picklist(US_STATE_CODES, 'State is required'));

/** product.md 5.2: at least 8 characters, an uppercase and a lowercase letter and a digit. */
export const passwordField = v.pipe(
  text('Password must be at least 8 characters'),
  v.minLength(8, 'Password must be at least 8 characters'),
  v.maxLength(200, 'Password is too long'),
  v.regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
  v.regex(/[a-z]/, 'Password must contain at least one lowercase letter'),
  v.regex(/\d/, 'Password must contain at least one number'),
);

/**
 * Anti-abuse fields sent by the public forms (giveaway, register, contact): the hidden trap field
 * that people never fill, the server-signed ticket issued when the form loaded (dwell time), and
 * the human-check token. The server enforces them; the island checks them first for fast feedback.
 */
export const guardFields = {
  website: v.optional(v.string(), ''),
  form_ticket: v.optional(v.string(), ''),
  human_check_token: v.optional(v.string(), ''),
};

/** First message per field, for showing errors beside inputs. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]);
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    if (messages?.[0]) out[key] = messages[0];
  }
  return out;
}
