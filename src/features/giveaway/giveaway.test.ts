// The form's rules as the island runs them: product.md 5.1's order and messages, the payload, the person.

import { describe, expect, test } from 'vitest';
import { chainDay } from '../../lib/dates.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import { emptyEntry, fieldProblems, submitProblems, toEntryPayload } from './giveaway.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';

const filled = {
  ...emptyEntry,
  first_name: 'Dana',
  last_name: 'Miller',
  address_1: '814 Lexington Ave',
  address_2: 'Apt 2',
  city: 'Warren',
  state: 'PA',
  zip: '16365-1234',
  phone: '(814) 555-0123',
  email: 'dana@example.com',
  rules_accepted: true,
};
const ready = { loadedAt: 0, now: 10_000, attempts: 0, humanToken: 'token' };

describe('submit checks in product.md 5.1 order', () => {
  test('trap, then time on the form, then attempts, then fields, then the human check', () => {
    const empty = { ...emptyEntry, website: 'x' };
    expect(submitProblems(empty, { ...ready, now: 1000, attempts: 3 }).message).toBe('Invalid submission');
    expect(submitProblems({ ...emptyEntry }, { ...ready, now: 1000, attempts: 3 }).message).toBe(
      'Please review your information and try again',
    );
    expect(submitProblems({ ...emptyEntry }, { ...ready, attempts: 3 }).message).toBe(
      'Too many attempts. Please try again later',
    );
    const fields = submitProblems({ ...emptyEntry }, { ...ready, humanToken: null });
    expect(fields.message).toBeNull();
    expect(fields.errors).toEqual({
      email: 'Email is required',
      phone: 'Phone number is required',
      zip: 'ZIP code is required',
      first_name: 'First name is required',
      last_name: 'Last name is required',
      address_1: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      rules_accepted: GIVEAWAY_MESSAGES.rules,
    });
    expect(Object.keys(fields.errors)).toEqual([
      'email',
      'phone',
      'zip',
      'first_name',
      'last_name',
      'address_1',
      'city',
      'state',
      'rules_accepted',
    ]);
    expect(submitProblems(filled, { ...ready, humanToken: null }).message).toBe(
      'Please complete the security check',
    );
    expect(submitProblems(filled, ready)).toEqual({ message: null, errors: {} });
  });

  test('an address with no name before the @ once its +tag is cut names no mailbox', () => {
    for (const email of ['+win@gmail.com', '+@example.com']) {
      expect(fieldProblems({ ...filled, email }).email).toBe(GIVEAWAY_MESSAGES.emailNoMailbox);
    }
    expect(fieldProblems({ ...filled, email: 'j.o.h.n+win@gmail.com' })).toEqual({});
  });

  test('format messages', () => {
    const errors = fieldProblems({ ...filled, email: 'dana@', phone: '555-0123', zip: '1636', state: 'CA' });
    expect(errors).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit phone number',
      zip: 'Please enter a valid ZIP code',
      state: GIVEAWAY_MESSAGES.stateNotEligible,
    });
  });
});

test('the payload joins the address lines with a space and leaves out line 2 when empty', () => {
  expect(toEntryPayload(filled)).toEqual({
    first_name: 'Dana',
    last_name: 'Miller',
    address_1: '814 Lexington Ave Apt 2',
    city: 'Warren',
    state: 'PA',
    zip: '16365-1234',
    phone: '(814) 555-0123',
    email: 'dana@example.com',
    rules_accepted: true,
  });
  expect(toEntryPayload({ ...filled, address_2: '  ' }).address_1).toBe('814 Lexington Ave');
});

test('a person is the address without case and +tag', () => {
  expect(mailboxOf(' Dana.Miller+Win@Example.COM ')).toBe('dana.miller@example.com');
  expect(mailboxOf('a+b+c@x.org')).toBe('a@x.org');
  expect(mailboxOf('plain@x.org')).toBe('plain@x.org');
});

test('entry days are New York calendar days, across daylight saving', () => {
  expect(chainDay(Date.UTC(2026, 4, 2, 3, 59))).toBe('2026-05-01'); // 23:59 EDT
  expect(chainDay(Date.UTC(2026, 4, 2, 4, 0))).toBe('2026-05-02');
  expect(chainDay(Date.UTC(2026, 0, 2, 4, 59))).toBe('2026-01-01'); // 23:59 EST
  expect(chainDay(Date.UTC(2026, 0, 2, 4, 59, 59, 999))).toBe('2026-01-01'); // the same minute, remembered
  expect(chainDay(Date.UTC(2026, 0, 2, 4, 59, 0))).toBe('2026-01-01');
  expect(chainDay(Date.UTC(2026, 0, 2, 5, 0))).toBe('2026-01-02');
});
