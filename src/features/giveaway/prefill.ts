// A member's profile into the giveaway form: only empty fields are filled (what the visitor has
// typed is kept), and a state outside NY, OH and PA is left for the visitor to choose.
import { type ProfileAnswer, toProfileValues } from '../account/profile.ts';
import type { EntryValues } from './giveaway.ts';
import { GIVEAWAY_STATE_CODES } from './policy.ts';

const FIELDS = [
  'first_name',
  'last_name',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'phone',
  'email',
] as const;

export function prefillFromProfile(values: EntryValues, answer: ProfileAnswer): EntryValues {
  const profile = toProfileValues(answer);
  const next = { ...values };
  for (const name of FIELDS) {
    const value = profile[name];
    if (name === 'state' && !(GIVEAWAY_STATE_CODES as readonly string[]).includes(value)) continue;
    if (values[name].trim() === '' && value) next[name] = value;
  }
  return next;
}
