// A guest's giveaway entry in WebKit (product.md 5.1): entered once, the second entry that day refused
// and the human check started over. The Playwright spec: tests/e2e/giveaway.spec.ts.
import { expect, test } from 'vitest';
import { GIVEAWAY_MESSAGES } from '../../src/features/giveaway/policy.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import { GIVEAWAY_GUEST, RUNNING_PROMOTION } from '../support/journeys.ts';
import {
  type Browser,
  click,
  expectNoAxeViolations,
  fillNamed,
  goto,
  hydrated,
  pageText,
  passHumanCheck,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

const form = () => browser.$('form.giveaway-form');
const robot = () => form().$('.human-check__input');

async function enter(email: string) {
  await goto(browser, '/account/giveaway');
  await hydrated(browser);
  await expect.poll(() => pageText(browser)).toContain(`Today’s giveaway: ${RUNNING_PROMOTION.title}`);
  await fillNamed(browser, form(), { ...GIVEAWAY_GUEST, email }, [...Object.keys(GIVEAWAY_GUEST), 'email']);
  await click(browser, form().$('[name="rules_accepted"]'));
  await passHumanCheck(browser, form());
  await waitOutDwellAfterTicket();
  await click(browser, form().$('button=Enter Giveaway'));
}

test('a guest enters once; the second entry that day is refused and the check starts over', async () => {
  const email = `guest-${Date.now()}@example.com`;
  await enter(email);
  await expect
    .poll(() => shownTexts(browser, '[role="status"], [role="alert"]'))
    .toContain(GIVEAWAY_MESSAGES.enteredAlert);
  expect(await pageText(browser)).toContain(GIVEAWAY_MESSAGES.entered);
  expect(await browser.$$('button=Enter Giveaway').length).toBe(0);
  await expectNoAxeViolations(browser);

  await enter(email.replace('@', '+again@').toUpperCase());
  await expect
    .poll(() => shownTexts(browser, '[role="alert"]'))
    .toContain(`${GIVEAWAY_MESSAGES.failed} ${GIVEAWAY_MESSAGES.alreadyEntered}`);
  expect(await robot().isSelected()).toBe(false);
  expect(await form().$('button=Enter Giveaway').isEnabled()).toBe(true);
});
