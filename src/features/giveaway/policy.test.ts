import { describe, expect, it } from 'vitest';
import {
  GIVEAWAY_INVITATION,
  GIVEAWAY_MESSAGES,
  GIVEAWAY_STATE_CODES,
  GIVEAWAY_STATE_NAMES,
  RULES_TEXT,
} from './policy.ts';

// The texts built from the policy must read exactly as product.md 5.1 and 9 word them today.
describe('giveaway policy', () => {
  it('lets residents of the three states with stores enter', () => {
    expect(GIVEAWAY_STATE_CODES).toEqual(['NY', 'OH', 'PA']);
    expect(GIVEAWAY_STATE_NAMES).toBe('New York, Ohio and Pennsylvania');
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
  });

  it('words the invitations and the rules exactly', () => {
    expect(`${GIVEAWAY_INVITATION.enter} ${GIVEAWAY_INVITATION.who}`).toBe(
      'Enter once a day for your chance to win. Open to residents of New York, Ohio and Pennsylvania.',
    );
    expect(GIVEAWAY_INVITATION.describe('Kwik Fill')).toBe(
      'Enter the Kwik Fill daily giveaway: once a day, for residents of New York, Ohio and Pennsylvania.',
    );
    expect(GIVEAWAY_INVITATION.announce('Kwik Fill')).toBe(
      'Enter the Kwik Fill daily giveaway: one free entry every day',
    );
    expect(RULES_TEXT.eligibility).toMatch(
      /^Open only to legal residents of New York, Ohio and Pennsylvania who/,
    );
    expect(RULES_TEXT.limit).toMatch(
      /^Limit: one entry per person per day; a day is a calendar day in Eastern Time\. A person/,
    );
    expect(RULES_TEXT.limit).toContain('a Gmail address written with dots or at googlemail.com');
    expect(RULES_TEXT.limit).toContain('a member enters once a day whatever address the entry gives');
    expect(GIVEAWAY_MESSAGES.emailNoMailbox).toBe(
      'Please enter your email address with your name before the @.',
    );
  });
});
