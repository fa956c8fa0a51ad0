// The daily giveaway's entry form (product.md 3, 4, 5.1, 9), shared by the Enter Giveaway island and the
// API: the entry schema with the exact messages and the submit checks in product.md order. Who may enter
// and how often, and the texts that say so, are the policy (policy.ts); who counts as one person and
// which calendar day an entry belongs to: entrant.ts.
import * as v from 'valibot';
import { guardMessage } from '../../components/form/guards.ts';
import { emailField, optionalText, phoneField, requiredText, zipField } from '../../lib/fields.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { namesMailbox } from '../../lib/mailbox.ts';
import { GIVEAWAY_MESSAGES, GIVEAWAY_STATE_CODES } from './policy.ts';

export const GIVEAWAY_FORM = 'giveaway';
/** localStorage key of the browser's attempt times (product.md 9). */
export const GIVEAWAY_ATTEMPTS_KEY = 'giveaway_attempts';

const stateField = v.pipe(
  v.string('State is required'),
  v.nonEmpty('State is required'),
  v.picklist(GIVEAWAY_STATE_CODES, GIVEAWAY_MESSAGES.stateNotEligible),
);

/** The rules checkbox; sent with the entry so the server holds the visitor to it too. */
const rulesField = v.literal(true, GIVEAWAY_MESSAGES.rules);

/** The entry fields in the order of product.md 5.1, so the first problem reported is the first listed there. */
const entryFields = {
  // One person per mailbox: an address that names none ('+win@gmail.com') could not be counted once.
  email: v.pipe(emailField, v.check(namesMailbox, GIVEAWAY_MESSAGES.emailNoMailbox)),
  phone: phoneField,
  zip: zipField,
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  // Line 1 and line 2 joined by a space (product.md 3).
  address_1: requiredText('Address', 201),
  city: requiredText('City', 60),
  state: stateField,
  rules_accepted: rulesField,
};

/** POST /promotion/{id}/entry: the entry payload of product.md 3 plus the rules checkbox. */
export const entrySchema = v.object(entryFields);
export type EntryPayload = v.InferOutput<typeof entrySchema>;

/** The form as the island holds it (address line 2 apart, the rules checkbox as a boolean). */
export const entryFormSchema = v.object({ ...entryFields, address_2: optionalText(100) });

export const emptyEntry = {
  first_name: '',
  last_name: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  email: '',
  rules_accepted: false,
  website: '',
};
export type EntryValues = typeof emptyEntry;
export type EntryErrors = Partial<Record<keyof EntryValues, string>>;

/** Every field's first problem, or {} when the form is ready to send. */
export function fieldProblems(values: EntryValues): EntryErrors {
  const result = v.safeParse(entryFormSchema, values);
  if (result.success) return {};
  const errors: EntryErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof EntryValues | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export interface SubmitContext {
  loadedAt: number;
  now: number;
  attempts: number;
  humanToken: string | null;
}

/**
 * The submit checks of product.md 5.1 in its order: trap field, time on the form, attempts in the last
 * hour, the fields, then the human check. `message` is the form-level text; `errors` per field.
 */
export function submitProblems(values: EntryValues, context: SubmitContext) {
  const guard = guardMessage({ trap: values.website, ...context });
  if (guard) return { message: guard, errors: {} as EntryErrors };
  const errors = fieldProblems(values);
  if (Object.keys(errors).length > 0) return { message: null, errors };
  if (!context.humanToken) return { message: GUARD_MESSAGES.humanCheck, errors };
  return { message: null, errors };
}

/** The entry payload of product.md 3: trimmed, the two address lines joined by a space. */
export function toEntryPayload(values: EntryValues): EntryPayload {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    address_1: [values.address_1.trim(), values.address_2.trim()].filter(Boolean).join(' '),
    city: values.city.trim(),
    state: values.state as EntryPayload['state'],
    zip: values.zip.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    rules_accepted: values.rules_accepted as true,
  };
}
