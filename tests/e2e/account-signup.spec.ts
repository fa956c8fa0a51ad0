// The browser's own sign-up rules (product.md 5.2): none of these submissions reaches the server, so
// they spend none of its per-address registration attempts.
import { expect, test } from '@playwright/test';
import { signUpValues } from '../../src/features/account/account.sample.ts';
import { site } from '../../src/site.config.ts';
import { alertWith, expectNoAxeViolations, fillSignUp, hydrated, passwordBox } from './account-helpers.ts';
import { waitOutDwell } from './dwell.ts';

test('dwell time, required fields, live password rules, trap, attempts and security check', async ({
  page,
}) => {
  await page.goto('/account/register');
  await hydrated(page);
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  await expect(
    page.getByRole('checkbox', { name: `Sign me up for the ${site.name} newsletter` }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Send me special offers' })).toBeChecked();

  await signUp.click();
  await expect(alertWith(page, 'Please review your information and try again')).toBeVisible();

  await waitOutDwell(page);
  await signUp.click();
  await expect(alertWith(page, 'Please fill in all required fields')).toBeVisible();
  const firstName = page.getByLabel('First name');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('First name is required');

  const password = passwordBox(page, 'Password');
  await password.fill('abc');
  const rules = page.getByRole('list').filter({ hasText: 'Password must be at least 8 characters' });
  await expect(rules.getByRole('listitem').filter({ hasText: '(done)' })).toHaveText([/lowercase letter/]);
  await password.fill('Secret123');
  await expect(rules.getByRole('listitem').filter({ hasText: '(done)' })).toHaveCount(4);

  await fillSignUp(page, signUpValues());
  await signUp.click();
  await expect(alertWith(page, 'Please complete the security check')).toBeVisible();

  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await signUp.click();
  await expect(alertWith(page, 'Invalid submission')).toBeVisible();
  await page.locator('input[name="website"]').fill('', { force: true });

  await page.evaluate(() =>
    localStorage.setItem('register_attempts', JSON.stringify([1, 2, 3].map(() => Date.now()))),
  );
  await signUp.click();
  await expect(alertWith(page, 'Too many attempts. Please try again later')).toBeVisible();
  await expectNoAxeViolations(page);
});
