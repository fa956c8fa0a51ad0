// The contact form (product.md 3, 4, 5.4): one schema for the island and POST /contact, the visitor-facing
// messages, and the two payload readings of product.md 3 brought to one shape. Checks come in product.md
// order: the human check, then the required fields, then (beyond the original) the formats of
// email and phone and of the department's extra fields.
import * as v from 'valibot';
import { withoutControlCharacters } from '../../lib/control-characters.ts';
import { isRealDate } from '../../lib/dates.ts';
import {
  numberOrText,
  optionalString,
  requiredString,
  type TextShape,
  tenDigitPhone,
} from '../../lib/fields.ts';
import { CARD_TYPES, type DepartmentId, EXTRA_FIELDS, type ExtraKind, isDepartment } from './departments.ts';

export const CONTACT_MESSAGES = {
  required: 'Please fill out all required fields.',
  department: 'Please choose a department.',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid 10-digit phone number',
  sent: 'Your message has been sent!',
  failed: 'Your message could not be sent.',
} as const;

export const MESSAGE_ROWS = 6;
export const MAX_MESSAGE = 5000;

const tooLong = (max: number) => `Please keep this field under ${max} characters.`;
const required = (max: number, shape?: TextShape) =>
  requiredString(max, { required: CONTACT_MESSAGES.required, tooLong: tooLong(max) }, shape);
const optional = (max: number) => optionalString(max, tooLong(max));

/** The format each kind of extra field must have when it is filled in (all extra fields are optional). */
const EXTRA_RULES: Record<ExtraKind, { test: (value: string) => boolean; message: string }> = {
  text: { test: (s) => s.length <= 200, message: 'Please keep this field under 200 characters.' },
  location: { test: (s) => s.length <= 200, message: 'Please keep the location under 200 characters.' },
  digits: { test: (s) => /^\d{1,20}$/.test(s), message: 'The account number may hold digits only.' },
  lastFour: { test: (s) => /^\d{4}$/.test(s), message: 'Please enter the last four digits of the card.' },
  storeNumber: { test: (s) => /^\d{1,5}$/.test(s), message: 'The store number may hold digits only.' },
  date: {
    test: isRealDate,
    message: 'Please enter a valid date.',
  },
  time: { test: (s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s), message: 'Please enter a valid time.' },
  cardType: {
    test: (s) => (CARD_TYPES as readonly string[]).includes(s),
    message: 'Please choose a card type.',
  },
  email: { test: (s) => v.is(v.pipe(v.string(), v.email()), s), message: CONTACT_MESSAGES.email },
};

export const contactFields = {
  department: v.pipe(
    numberOrText(/^\d$/, CONTACT_MESSAGES.department),
    v.check((value: number) => isDepartment(value), CONTACT_MESSAGES.department),
  ),
  first_name: required(100),
  last_name: required(100),
  email: v.pipe(required(254), v.email(CONTACT_MESSAGES.email), v.toLowerCase()),
  phone: v.pipe(required(30), tenDigitPhone(CONTACT_MESSAGES.phone)),
  subject: required(150),
  message: required(MAX_MESSAGE, { multiLine: true }),
  // product.md 5.4: labelled required on the form but not checked.
  address: optional(250),
  city: optional(100),
  state: optional(2),
  zip: optional(10),
  extra_data: v.optional(v.record(v.string(), v.union([v.string(), v.number()])), {}),
};

/** product.md 3's two readings: flat with `extra_data`, or subject/message/extra data under `customer_service`. */
export function flattenContactPayload(body: Record<string, unknown>): Record<string, unknown> {
  const nested = body.customer_service;
  const flat: Record<string, unknown> =
    nested && typeof nested === 'object' && !Array.isArray(nested) ? { ...body, ...nested } : { ...body };
  // Every field present (an explicit undefined) so a missing one gets its own message.
  return { ...Object.fromEntries(Object.keys(contactFields).map((key) => [key, undefined])), ...flat };
}

/** Keeps the department's own extra fields (trimmed, empty ones dropped); checks their formats. */
export function checkExtraData(department: DepartmentId, extra: Record<string, string | number>) {
  const out: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of EXTRA_FIELDS[department]) {
    const value = withoutControlCharacters(String(extra[field.key] ?? '')).trim();
    if (value === '') continue;
    if (EXTRA_RULES[field.kind].test(value)) out[field.key] = value;
    else errors[field.key] = EXTRA_RULES[field.kind].message;
  }
  return { extra: out, errors };
}

export const contactSchema = v.pipe(
  v.object(contactFields),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { extra, errors } = checkExtraData(
      dataset.value.department as DepartmentId,
      dataset.value.extra_data,
    );
    const extraData = dataset.value.extra_data;
    for (const [key, message] of Object.entries(errors)) {
      addIssue({
        message,
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'extra_data', value: extraData },
          { type: 'object', origin: 'value', input: extraData, key, value: extraData[key] },
        ],
      });
    }
    if (Object.keys(errors).length > 0) return NEVER;
    return { ...dataset.value, department: dataset.value.department as DepartmentId, extra_data: extra };
  }),
);

/** What POST /contact reads: either payload reading, checked with the form's schema. */
export const contactPayloadSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform(flattenContactPayload),
  contactSchema,
);
