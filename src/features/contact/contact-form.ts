// The contact island's pure logic: its values, what choosing a department resets, the checks in
// product.md 5.4 order with their messages, and the payload POST /contact receives (the flat reading).

import * as v from 'valibot';
import { fieldErrors } from '../../lib/fields.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { CONTACT_MESSAGES, contactSchema } from './contact.ts';
import { OTHER_SUBJECT } from './departments.ts';

export const emptyContact = {
  department: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  subject: '',
  other_subject: '',
  message: '',
  website: '',
};
export type ContactValues = typeof emptyContact & { extra: Record<string, string> };
export const initialContact = (): ContactValues => ({ ...emptyContact, extra: {} });

/** product.md 4: choosing a department resets the extra data (and the subject, whose list changes). */
export const chooseDepartment = (values: ContactValues, department: string): ContactValues => ({
  ...values,
  department,
  subject: '',
  other_subject: '',
  extra: {},
});

/** The subject as sent: the typed one when 'Other (Enter Below)' is chosen. */
export const subjectOf = (values: ContactValues): string =>
  values.subject === OTHER_SUBJECT ? values.other_subject : values.subject;

/** The flat payload of product.md 3: address lines 1 and 2 joined by a space. */
export function contactPayload(values: ContactValues) {
  return {
    department: Number(values.department),
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    address: [values.address_1.trim(), values.address_2.trim()].filter(Boolean).join(' '),
    city: values.city,
    state: values.state,
    zip: values.zip,
    subject: subjectOf(values),
    message: values.message,
    extra_data: values.extra,
  };
}

const REQUIRED = ['first_name', 'last_name', 'email', 'phone', 'message'] as const;

export interface ContactProblems {
  message: string | null;
  /** Keyed by form field: the personal fields, `subject` / `other_subject`, `message`, `extra.<key>`. */
  errors: Record<string, string>;
}

/** product.md 5.4 order: (1) the human check, (2) the required fields, then the formats. */
export function contactProblems(values: ContactValues, humanToken: string | null): ContactProblems {
  if (!humanToken) return { message: GUARD_MESSAGES.humanCheck, errors: {} };
  const errors: Record<string, string> = {};
  for (const name of REQUIRED) if (values[name].trim() === '') errors[name] = CONTACT_MESSAGES.required;
  if (values.subject === '') errors.subject = CONTACT_MESSAGES.required;
  else if (subjectOf(values).trim() === '') errors.other_subject = CONTACT_MESSAGES.required;
  if (Object.keys(errors).length > 0) return { message: CONTACT_MESSAGES.required, errors };
  const result = v.safeParse(contactSchema, contactPayload(values));
  if (result.success) return { message: null, errors: {} };
  const byField = fieldErrors(result.issues);
  for (const [key, message] of Object.entries(byField)) {
    const name = key.startsWith('extra_data.')
      ? `extra.${key.slice('extra_data.'.length)}`
      : key === 'subject'
        ? 'subject'
        : key;
    errors[name] = message;
  }
  return { message: result.issues[0]?.message ?? CONTACT_MESSAGES.required, errors };
}
