import { expect, test } from 'vitest';
import { emptyEntry } from './giveaway.ts';
import { prefillFromProfile } from './prefill.ts';

const profile = {
  email: 'dana@example.com',
  first_name: 'Dana',
  last_name: 'Miller',
  phone: '8145550123',
  address_1: '814 Lexington Ave',
  address_2: null,
  city: 'Warren',
  state: 'PA',
  zip: '16365',
};

test('a member’s profile fills the empty fields and keeps what was typed', () => {
  const filled = prefillFromProfile({ ...emptyEntry, first_name: 'Danielle' }, profile);
  expect(filled).toMatchObject({ ...profile, first_name: 'Danielle', address_2: '' });
});

test('a state outside the giveaway is left to choose', () => {
  expect(prefillFromProfile(emptyEntry, { ...profile, state: 'CA' }).state).toBe('');
});
