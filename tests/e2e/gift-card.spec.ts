// The gift card balance check on /gift-cards-balance (product.md 2.8), against the local stand-in with
// its sample cards (GIFT_CARD_PROVIDER=local, as `npm start` sets): a balance, a wrong PIN, the
// limit on tries, digits only, and the page when no processor is configured.
import { expect, type Page, test } from '@playwright/test';
import { SAMPLE_GIFT_CARDS } from '../../src/features/gift-card/providers.server.ts';
import { site } from '../../src/site.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { waitOutDwell } from './dwell.ts';

const [card] = SAMPLE_GIFT_CARDS;
const form = (page: Page) => page.locator('form[data-gift-card-form]');
const robot = (page: Page) => form(page).getByRole('checkbox', { name: 'I am not a robot' });
const problem = (page: Page) => form(page).getByRole('alert').filter({ hasText: /\S/ });

async function open(page: Page) {
  await page.goto('/gift-cards-balance');
  await expect(page.getByText('Stand-in balance check for development')).toBeVisible();
}

async function checkBalance(page: Page, account: string, pin: string) {
  await page.getByRole('textbox', { name: 'Account number' }).fill(account);
  await page.getByRole('textbox', { name: 'PIN' }).fill(pin);
  const issued = page.waitForResponse((r) => r.url().endsWith('/api/v1/human-check/local') && r.ok());
  await robot(page).click();
  await issued;
  await expect(robot(page)).toBeChecked();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/gift-card/balance'));
  await page.getByRole('button', { name: 'Check Balance' }).click();
  await answered;
}

test.describe('with the sample cards', () => {
  // One address, one card: the tries add up, so these run in order.
  test.describe.configure({ mode: 'serial' });

  test('a sample card shows its balance', { tag: '@engines' }, async ({ page }) => {
    await open(page);
    await waitOutDwell(page);
    await checkBalance(page, card.cardNumber, card.pin);
    await expect(form(page).getByRole('status').filter({ hasText: 'balance' })).toHaveText(
      'Your gift card balance is $25.00.',
    );
    await expect(robot(page)).not.toBeChecked(); // a token is good for one try
    await expectNoAxeViolations(page);
  });

  test('a wrong PIN says so plainly', async ({ page }) => {
    await open(page);
    await waitOutDwell(page);
    await checkBalance(page, card.cardNumber, '0000');
    await expect(problem(page)).toHaveText(
      'We could not find a gift card with that number and PIN. Check both and try again.',
    );
  });

  test('guessing is stopped: too many tries', async ({ page }) => {
    await open(page);
    await waitOutDwell(page);
    for (let i = 0; i < 6; i++) {
      await checkBalance(page, card.cardNumber, `99${i}9`);
      if (((await problem(page).textContent()) ?? '').startsWith('Too many')) break;
    }
    await expect(problem(page)).toHaveText('Too many attempts. Please try again later');
  });
});

test('fields take digits only and say so; nothing is sent until both are filled', async ({ page }) => {
  await open(page);
  const account = page.getByRole('textbox', { name: 'Account number' });
  for (const label of ['Account number', 'PIN']) {
    const field = page.getByRole('textbox', { name: label });
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'off');
  }
  await account.pressSequentially('12a3-4');
  await expect(account).toHaveValue('1234');
  await expect(
    page.getByText('Account number takes digits only (0 to 9); other characters were removed.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Check Balance' }).click();
  await expect(page.getByText('Enter your PIN.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'PIN' })).toBeFocused();
});

test('without a processor the check is disabled and the page says whom to call', async ({ page }) => {
  await page.route('**/api/v1/gift-card/config', (route) =>
    route.fulfill({ json: { available: false, stand_in: false } }),
  );
  await page.goto('/gift-cards-balance');
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'The online balance check is unavailable right now.' });
  await expect(notice).toContainText('Monday to Friday, 8:00 AM to 3:00 PM.');
  await expect(notice.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  for (const label of ['Account number', 'PIN'])
    await expect(page.getByRole('textbox', { name: label })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Check Balance' })).toBeDisabled();
  await expect(page.getByText('Stand-in balance check for development')).toBeHidden();
});
