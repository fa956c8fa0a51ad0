// The giveaway's policy in one place (product.md 5.1, 9): who may enter and how often. Every text that
// states it is built from these values: the form's messages and API errors, the official rules, the home
// banner, the Enter Giveaway page and the top bar here, and the content pages (the FAQ, /win, the terms,
// the news) through the placeholders {entryLimit}, {entryLimitPerPerson}, {nextEntry} and
// {giveawayStates} (src/components/content/content-text.ts). Tests read these values, except
// policy.test.ts, which holds the words product.md gives them.
//
// What the texts say is not what the server enforces: the database holds "once a day". The unique key
// `giveaway_entries_once_a_day` (promotion_id, person_key, entry_day) in
// src/server/db/migrations/0002-giveaway.ts, the member's key of
// src/server/db/migrations/0017-one-entry-per-member.ts and the primary key of `giveaway_entry_keys`
// (promotion_id, entry_day, person) in src/server/db/migrations/0020-giveaway-people.ts, with entry_day
// the chain's calendar day (chainDay, src/lib/dates.ts), allow one entry a day. So changing "once a day"
// takes, besides ENTRY_LIMIT below: a new migration that replaces those keys, recordEntry's answer to a
// refused key (entries.server.ts), the duplicate check before a draw (duplicates.server.ts groups one
// mailbox's entries of a day, so a person's second entry of a day would be listed as a suspected
// duplicate: its test 'a second entry of one mailbox in a day is a suspected duplicate' says so), the
// words product.md, docs/api.md and policy.test.ts pin, and the tests that enter twice in a day
// expecting the refusal.

import { listOfNames, site } from '../../site.config.ts';

/** The states with stores (src/site.config.ts), whose residents may enter (product.md 5.1), sorted by name. */
export const GIVEAWAY_STATES = [...site.states].sort(([, a], [, b]) => a.localeCompare(b, 'en'));
export const GIVEAWAY_STATE_CODES = GIVEAWAY_STATES.map(([code]) => code);

/** 'New York, Ohio and Pennsylvania': the eligible states as the texts name them. */
export const GIVEAWAY_STATE_NAMES = listOfNames(GIVEAWAY_STATES.map(([, name]) => name));

/** How often one person may enter one promotion, in the words each text uses (product.md 9). */
export const ENTRY_LIMIT = {
  /** 'Enter once a day for your chance to win.' */
  often: 'once a day',
  /** The official rules' limit. */
  perPerson: 'one entry per person per day',
  /** The top bar's announcement. */
  free: 'one free entry every day',
  /** When the next entry is allowed: 'You can enter again tomorrow.' */
  next: 'tomorrow',
  /** The day an entry counts for, as the rules define it. */
  day: 'a day is a calendar day in Eastern Time',
} as const;

/** The form's and the API's texts about the policy, exact as product.md 5.1 and 9 give them. */
export const GIVEAWAY_MESSAGES = {
  stateHelp: `We only have stores in ${GIVEAWAY_STATE_NAMES}, so only residents of these states can enter.`,
  stateNotEligible: `The giveaway is open to residents of ${GIVEAWAY_STATE_NAMES} only.`,
  rules: 'Please agree to the official rules before submitting.',
  entered: 'You have been entered into the giveaway!',
  enteredAlert: `You have been entered into the giveaway! You can enter again ${ENTRY_LIMIT.next}.`,
  failed: 'There was an error submitting your entry. Please try again.',
  alreadyEntered: `You have already entered the giveaway today. You can enter again ${ENTRY_LIMIT.next}.`,
  notRunning: 'This giveaway is not open for entries today.',
  /** An address with nothing before the @ once a +tag is cut ('+win@gmail.com'): no mailbox (src/lib/mailbox.ts). */
  emailNoMailbox: 'Please enter your email address with your name before the @.',
  noPromotion: 'There is no giveaway open right now. Please check back soon.',
} as const;

/** The invitation on the home banner and the Enter Giveaway page. */
export const GIVEAWAY_INVITATION = {
  enter: `Enter ${ENTRY_LIMIT.often} for your chance to win.`,
  who: `Open to residents of ${GIVEAWAY_STATE_NAMES}.`,
  /** The Enter Giveaway page's description, after the brand's name. */
  describe: (brand: string) =>
    `Enter the ${brand} daily giveaway: ${ENTRY_LIMIT.often}, for residents of ${GIVEAWAY_STATE_NAMES}.`,
  announce: (brand: string) => `Enter the ${brand} daily giveaway: ${ENTRY_LIMIT.free}`,
};

/** The official rules' eligibility and limit sentences (rules.ts). */
export const RULES_TEXT = {
  eligibility: `Open only to legal residents of ${GIVEAWAY_STATE_NAMES} who are 18 years of age or older at the time of entry. Employees of the sponsor and their immediate families and households are not eligible.`,
  limit: `Limit: ${ENTRY_LIMIT.perPerson}; ${ENTRY_LIMIT.day}. A person is identified by their email address and, when signed in, by their account: the same address written with other capital letters or with a "+" tag, and a Gmail address written with dots or at googlemail.com, count as the same person, and a member enters ${ENTRY_LIMIT.often} whatever address the entry gives. An entry made as a guest with a member's email address counts as that member's entry. Further entries that day are refused.`,
};
