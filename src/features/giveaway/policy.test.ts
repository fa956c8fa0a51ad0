import { describe, expect, it } from 'vitest';
import {
  ENTRY_LIMIT,
  GIVEAWAY_INVITATION,
  GIVEAWAY_MESSAGES,
  GIVEAWAY_STATE_CODES,
  GIVEAWAY_STATE_NAMES,
  RULES_TEXT,
} from './policy.ts';

// The one test that holds product.md's words (5.1, 9): the policy's values and the messages it words
// exactly. The other texts are checked against the policy, so a change of the rule is made there.
describe('giveaway policy', () => {
  it('lets residents of the three states with stores enter, once a day', () => {
    expect(GIVEAWAY_STATE_CODES).toEqual(['NY', 'OH', 'PA']);
    expect(GIVEAWAY_STATE_NAMES).toBe('New York, Ohio and Pennsylvania');
    expect(ENTRY_LIMIT).toEqual({
      often: 'once a day',
      perPerson: 'one entry per person per day',
      free: 'one free entry every day',
      next: 'tomorrow',
      day: 'a day is a calendar day in Eastern Time',
    });
  });

  it('words the form and API messages exactly', () => {
    expect(GIVEAWAY_MESSAGES.stateHelp).toBe(
      'We only have stores in New York, Ohio and Pennsylvania, so only residents of these states can enter.',
    );
    expect(GIVEAWAY_MESSAGES.stateNotEligible).toBe(
      'The giveaway is open to residents of New York, Ohio and Pennsylvania only.',
    );
    expect(GIVEAWAY_MESSAGES.enteredAlert).toBe(
      'You have been entered into the giveaway! You can enter again tomorrow.',
    );
    expect(GIVEAWAY_MESSAGES.alreadyEntered).toBe(
      'You have already entered the giveaway today. You can enter again tomorrow.',
    );
    expect(GIVEAWAY_MESSAGES.emailNoMailbox).toBe(
      'Please enter your email address with your name before the @.',
    );
  });

  it('builds the invitations and the rules from the policy', () => {
    expect(`${GIVEAWAY_INVITATION.enter} ${GIVEAWAY_INVITATION.who}`).toBe(
      `Enter ${ENTRY_LIMIT.often} for your chance to win. Open to residents of ${GIVEAWAY_STATE_NAMES}.`,
    );
    expect(GIVEAWAY_INVITATION.describe('Kwik Fill')).toBe(
      `Enter the Kwik Fill daily giveaway: ${ENTRY_LIMIT.often}, for residents of ${GIVEAWAY_STATE_NAMES}.`,
    );
    expect(GIVEAWAY_INVITATION.announce('Kwik Fill')).toBe(
      `Enter the Kwik Fill daily giveaway: ${ENTRY_LIMIT.free}`,
    );
    expect(RULES_TEXT.eligibility).toMatch(
      new RegExp(`^Open only to legal residents of ${GIVEAWAY_STATE_NAMES} who`),
    );
    expect(RULES_TEXT.limit.startsWith(`Limit: ${ENTRY_LIMIT.perPerson}; ${ENTRY_LIMIT.day}. A person`)).toBe(
      true,
    );
    expect(RULES_TEXT.limit).toContain('a Gmail address written with dots or at googlemail.com');
    expect(RULES_TEXT.limit).toContain(
      `a member enters ${ENTRY_LIMIT.often} whatever address the entry gives`,
    );
    // A guest entry under a member's address is the member's (migration 0020, docs/decisions/0015).
    expect(RULES_TEXT.limit).toContain(
      "An entry made as a guest with a member's email address counts as that member's entry.",
    );
  });
});
