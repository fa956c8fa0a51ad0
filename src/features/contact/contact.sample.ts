// Contact data, one source for the API tests and the browser tests: a sender as the form is filled
// in, and the payload of each of product.md 3's two readings.
import { uniqueEmail } from '../account/account.sample.ts';

export const contactSender = (overrides: Record<string, string> = {}) => ({
  first_name: 'Pat',
  last_name: 'Lee',
  email: uniqueEmail('pat'),
  phone: '(814) 555-0100',
  address: '1 Main St Apt 2',
  city: 'Warren',
  state: 'PA',
  zip: '16365',
  ...overrides,
});

/** The flat reading: department, subject, message and extra_data beside the personal fields. */
export const flatContact = (overrides: Record<string, unknown> = {}) => ({
  ...contactSender({ email: 'Pat.Lee@Example.com' }),
  department: 2,
  subject: 'Charged twice',
  message: 'I was charged twice at store 123.',
  extra_data: { card_type: 'Visa', last_four: '4242', store_number: '123', transaction_date: '2026-04-30' },
  ...overrides,
});
