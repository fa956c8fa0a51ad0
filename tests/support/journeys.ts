// What a visitor types and expects on the journeys that run in every engine (docs/decisions/0017-
// browser-engines.md): one source for the Playwright specs (tests/e2e) and the WebKit journeys
// (tests/webkit). Data with a home in a feature's sample module stays there (account.sample.ts,
// applications.sample.ts, offers.sample.ts, providers.server.ts's sample gift cards).

/** The sample data's running giveaway (src/features/giveaway/giveaway.seed.ts). */
export const RUNNING_PROMOTION = { id: 'sample-free-gas-for-a-year', title: 'Win Free Gas for a Year!' };

/** A guest's giveaway entry as typed into the form, keyed by the fields' names; the email is the test's. */
export const GIVEAWAY_GUEST = {
  first_name: 'Pat',
  last_name: 'Lee',
  address_1: '12 Oak St',
  address_2: 'Apt 3',
  city: 'Olean',
  state: 'NY',
  zip: '14760',
  phone: '(716) 555-0142',
} as const;

/** The contact form's personal fields as typed, keyed by the fields' names; the email is the test's. */
export const CONTACT_PERSON = {
  first_name: 'Pat',
  last_name: 'Lee',
  phone: '(814) 555-0100',
  address_1: '1 Main St',
  city: 'Warren',
  state: 'PA',
  zip: '16365',
} as const;

/** A Customer Service message about a visit (the contact journey's department part). */
export const CONTACT_VISIT = {
  department: 'Customer Service',
  subject: 'Complaint about a visit',
  date: '2026-04-29',
  time: '14:30',
  message: 'The restroom was closed at noon.',
} as const;

/** The locator journey on the seeded stores (src/features/locator/locator.seed.ts). */
export const LOCATOR_JOURNEY = {
  /** A search and the one store it finds. */
  first: {
    query: 'jamestown',
    store: 'Store #2, Jamestown',
    address: 'Jamestown, NY 14701',
    number: 'Store #2',
  },
  /** A second search and the first store it lists. */
  second: { query: 'Warren', store: 'Store #1, Warren' },
  /** A store page, open 24 hours. */
  page: { path: '/stores/1', heading: 'Store #1, Warren, PA' },
} as const;

/** /specials' pills, All first, and each category's address slug. */
export const OFFER_PILLS = ['All', 'Bradley Street Cafe', 'General Merchandise', "Charlie Biggs' Chicken"];
export const OFFER_SLUGS: Record<string, string> = {
  'Bradley Street Cafe': 'bradley-street-cafe',
  'General Merchandise': 'general-merchandise',
  "Charlie Biggs' Chicken": 'charlie-biggs-chicken',
};
