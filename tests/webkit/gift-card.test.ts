// The gift card balance in WebKit (product.md 2.8): a sample card's balance from the local stand-in.
// The Playwright spec: tests/e2e/gift-card.spec.ts.
import { expect, test } from 'vitest';
import { SAMPLE_GIFT_CARDS } from '../../src/features/gift-card/providers.server.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import {
  type Browser,
  click,
  expectNoAxeViolations,
  fillNamed,
  goto,
  pageText,
  passHumanCheck,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

const [card] = SAMPLE_GIFT_CARDS;

test('a sample card shows its balance', async () => {
  await goto(browser, '/gift-cards-balance');
  await expect.poll(() => pageText(browser)).toContain('Stand-in balance check for development');
  const form = browser.$('form[data-gift-card-form]');
  await waitOutDwellAfterTicket();
  await fillNamed(browser, form, { account_number: card.cardNumber, pin: card.pin }, [
    'account_number',
    'pin',
  ]);
  await passHumanCheck(browser, form);
  await click(browser, form.$('button=Check Balance'));
  await expect
    .poll(() => shownTexts(browser, 'form[data-gift-card-form] [role="status"]'))
    .toContain('Your gift card balance is $25.00.');
  expect(await form.$('.human-check__input').isSelected()).toBe(false); // a token is good for one try
  await expectNoAxeViolations(browser);
});
