import { describe, expect, it } from 'vitest';
import { chosenLists, emptySignUp, profileBody, type SignUpValues, signUpProblems } from './register';

const filled: SignUpValues = {
  ...emptySignUp,
  first_name: 'Dana',
  last_name: 'Miller',
  email: 'dana@example.com',
  phone: '(814) 555-0100',
  password: 'Secret123',
  address_1: '1 Main St',
  city: 'Erie',
  state: 'PA',
  zip: '16501',
};
const context = { loadedAt: 0, now: 4000, attempts: 0, humanToken: 'human-ok' };

describe('sign-up checks (SPEC 5.2)', () => {
  it('passes a complete, honest submission', () => {
    expect(signUpProblems(filled, context)).toEqual({ message: null, errors: {} });
  });

  it('stops at the trap, the dwell time and the attempt limit before looking at fields', () => {
    expect(signUpProblems({ ...emptySignUp, website: 'x' }, context).message).toBe('Invalid submission');
    expect(signUpProblems(emptySignUp, { ...context, now: 2000 }).message).toBe(
      'Please review your information and try again',
    );
    expect(signUpProblems(emptySignUp, { ...context, attempts: 3 }).message).toBe(
      'Too many attempts. Please try again later',
    );
  });

  it('asks for the required fields and names each one', () => {
    const { message, errors } = signUpProblems({ ...filled, first_name: ' ', city: '' }, context);
    expect(message).toBe('Please fill in all required fields');
    expect(errors).toEqual({ first_name: 'First name is required', city: 'City is required' });
  });

  it('reports format errors beside the fields without the required-fields message', () => {
    const { message, errors } = signUpProblems(
      { ...filled, email: 'dana@', phone: '555-0100', zip: '1650', password: 'secret123' },
      context,
    );
    expect(message).toBeNull();
    expect(errors).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit phone number',
      zip: 'Please enter a valid ZIP code',
      password: 'Password must contain at least one uppercase letter',
    });
  });

  it('asks for the security check last', () => {
    expect(signUpProblems(filled, { ...context, humanToken: null }).message).toBe(
      'Please complete the security check',
    );
  });

  it('builds the mailing lists and the profile body', () => {
    expect(chosenLists(filled)).toEqual(['news', 'offers']);
    expect(chosenLists({ ...filled, newsletter: false })).toEqual(['offers']);
    expect(chosenLists({ ...filled, newsletter: false, offers: false })).toEqual([]);
    expect(profileBody({ ...filled, city: ' Erie ' })).toEqual({
      first_name: 'Dana',
      last_name: 'Miller',
      address_1: '1 Main St',
      address_2: '',
      city: 'Erie',
      state: 'PA',
      zip: '16501',
      phone: '(814) 555-0100',
    });
  });
});
