// The profile fields as the forms show them (product.md 3), shared by sign-up and account details:
// labels and the autocomplete tokens that let browsers fill addresses in.
import type { Profile } from './account.ts';

export const PROFILE_INPUTS = {
  first_name: { label: 'First name', autoComplete: 'given-name' },
  last_name: { label: 'Last name', autoComplete: 'family-name' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  address_1: { label: 'Address line 1', autoComplete: 'address-line1' },
  address_2: { label: 'Address line 2', autoComplete: 'address-line2' },
  city: { label: 'City', autoComplete: 'address-level2' },
  state: { label: 'State', autoComplete: 'address-level1' },
  zip: { label: 'ZIP code', autoComplete: 'postal-code', inputMode: 'numeric' },
} as const;

export type ProfileValues = { [K in keyof typeof PROFILE_INPUTS]: string } & { email: string };

export interface ProfileAnswer extends Partial<Record<keyof Profile, string | null>> {
  vip?: { registration_number?: string | null; secondary_number?: string | null } | null;
}

/** GET /me/profile answer to form values: a field never filled in comes back empty, not null. */
export function toProfileValues(answer: ProfileAnswer): ProfileValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    email: text(answer.email),
    first_name: text(answer.first_name),
    last_name: text(answer.last_name),
    phone: text(answer.phone),
    address_1: text(answer.address_1),
    address_2: text(answer.address_2),
    city: text(answer.city),
    state: text(answer.state),
    zip: text(answer.zip),
  };
}

/** The update body of PUT /me/profile (product.md 7): every field but the read-only email. */
export function profileUpdate(values: ProfileValues) {
  const { email: _readOnly, ...update } = values;
  return update;
}

/** The VIP numbers held on the profile, as form values. */
export const toVipValues = (answer: ProfileAnswer) => ({
  registration_number: answer.vip?.registration_number ?? '',
  secondary_number: answer.vip?.secondary_number ?? '',
});
