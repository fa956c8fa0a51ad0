import { describe, expect, it } from 'vitest';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { CONTACT_MESSAGES } from './contact.ts';
import { chooseDepartment, contactPayload, contactProblems, initialContact } from './contact-form.ts';
import { OTHER_SUBJECT } from './departments.ts';

const filled = () => ({
  ...chooseDepartment(initialContact(), '2'),
  first_name: 'Pat',
  last_name: 'Lee',
  email: 'pat@example.com',
  phone: '814-555-0100',
  address_1: '1 Main St',
  address_2: 'Apt 2',
  subject: 'Charged twice',
  message: 'Hello',
  extra: { last_four: '4242' },
});

describe('contact form logic', () => {
  it('choosing a department resets the extra data and the subject (product.md 4)', () => {
    const next = chooseDepartment({ ...filled(), other_subject: 'x' }, '3');
    expect(next).toMatchObject({
      department: '3',
      subject: '',
      other_subject: '',
      extra: {},
      first_name: 'Pat',
    });
  });

  it('checks the human check first, then the required fields, then the formats (product.md 5.4)', () => {
    expect(contactProblems({ ...filled(), first_name: '' }, null).message).toBe(GUARD_MESSAGES.humanCheck);
    const missing = contactProblems({ ...filled(), first_name: '', message: ' ', email: 'bad' }, 'token');
    expect(missing.message).toBe(CONTACT_MESSAGES.required);
    expect(Object.keys(missing.errors)).toEqual(['first_name', 'message']);
    expect(contactProblems({ ...filled(), email: 'bad' }, 'token')).toEqual({
      message: CONTACT_MESSAGES.email,
      errors: { email: CONTACT_MESSAGES.email },
    });
    expect(contactProblems({ ...filled(), phone: '555' }, 'token').errors).toEqual({
      phone: CONTACT_MESSAGES.phone,
    });
    expect(contactProblems({ ...filled(), extra: { last_four: '12' } }, 'token').errors).toEqual({
      'extra.last_four': 'Please enter the last four digits of the card.',
    });
    expect(contactProblems(filled(), 'token')).toEqual({ message: null, errors: {} });
  });

  it("'Other (Enter Below)' needs the typed subject, which is the one sent", () => {
    const other = { ...filled(), subject: OTHER_SUBJECT };
    expect(contactProblems(other, 'token').errors).toEqual({ other_subject: CONTACT_MESSAGES.required });
    expect(contactPayload({ ...other, other_subject: 'My own subject' }).subject).toBe('My own subject');
  });

  it('sends the flat reading with the address lines joined by a space (product.md 3)', () => {
    expect(contactPayload(filled())).toMatchObject({
      department: 2,
      address: '1 Main St Apt 2',
      extra_data: { last_four: '4242' },
    });
  });
});
