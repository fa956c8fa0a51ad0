// One visitor's journey through the account area against the real API (product.md 2.6, 4, 5.3, 8).
// The steps share one account and one page, in order; each is its own test so a failure names its
// step. The whole browser suite shares one network address: the server asks every sign-in from it
// for the human check after 20 failures in 15 minutes (docs/api.md, "Limits"); this file makes 2
// failed sign-ins, add more lightly.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNT, signUpValues } from '../../src/features/account/account.sample.ts';
import {
  alertWith,
  confirmLinkFor,
  expectNoAxeViolations,
  fillSignUp,
  hydrated,
  nav,
  passwordBox,
  resetLinkFor,
  signInWith,
  signOutFromSidebar,
  storage,
  welcome,
} from './account-helpers.ts';
import { waitOutDwell } from './dwell.ts';

test.describe('a visitor’s account from sign-up to deletion', { tag: '@engines' }, () => {
  // Serial (what test.describe.serial does; Biome mangles that chain's layout): a failed step skips
  // the ones after it, which need its result.
  test.describe.configure({ mode: 'serial' });
  const member = signUpValues();
  const { email } = member;
  let context: BrowserContext;
  let page: Page;
  // One context for all steps (axe needs a page of its own context, not browser.newPage()).
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  /** Fills the form, waits out the dwell time, ticks the human check and submits. */
  async function signUp() {
    await page.goto('/account/register');
    await hydrated(page);
    await fillSignUp(page, member);
    await waitOutDwell(page);
    // The local check asks the server for a token, so the box is ticked once that answers.
    const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
    await robot.click();
    await expect(robot).toBeChecked();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    return robot;
  }

  test('sign up with the human check, then /account with the confirmation notice', async () => {
    await signUp();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`We have sent a link to ${email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send it again' })).toBeVisible();
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Dana');
    await expect(page.getByLabel('City')).toHaveValue('Warren');
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('the mailed link and the password confirm the address: "Your account has been verified!"', async () => {
    await expect.poll(() => confirmLinkFor(email), { timeout: 10_000 }).toBeTruthy();
    await page.goto(confirmLinkFor(email) ?? '');
    await hydrated(page);
    // The token leaves the address bar at once; the form says why to sign in.
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByText('Sign in with your password to confirm your email address.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(email);
    await passwordBox(page, 'Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your account has been verified!' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Dana');
  });

  test('signed-in pages pass axe', async () => {
    await page.goto('/account');
    await expect(page.getByLabel('City')).toHaveValue('Warren');
    await expectNoAxeViolations(page);
    await page.goto('/account/entries');
    await expect(page.getByText('You have not entered a giveaway yet.')).toBeVisible();
    await expectNoAxeViolations(page);
    // Entries come from the giveaway; here the answer is stood in to see the table as a visitor would.
    await page.route('**/api/v1/me/entries', (route) =>
      route.fulfill({
        json: {
          items: [
            { id: 'e1', promotion: 'Spring Fuel Giveaway', entered_at: '2026-04-02T15:00:00Z' },
            { id: 'e2', promotion: 'Summer Fuel Giveaway', entered_at: '2026-07-04T02:30:00Z' },
          ],
        },
      }),
    );
    await page.reload();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveText([
      /Promotion\s*Date entered/,
      /Summer Fuel Giveaway\s*Jul 3, 2026/,
      /Spring/,
    ]);
    await expectNoAxeViolations(page);
    await page.unroute('**/api/v1/me/entries');
    await page.goto('/account/vip');
    await expect(page.getByLabel('Registration number')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/account/login');
    await expectNoAxeViolations(page);
  });

  test('VIP numbers are saved', async () => {
    await page.goto('/account/vip');
    await hydrated(page);
    await page.getByLabel('Registration number').fill('VIP-1234');
    await page.getByLabel('Secondary number').fill('55');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Registration number')).toHaveValue('VIP-1234');
  });

  test('profile edits persist after a reload', async () => {
    await page.goto('/account');
    await hydrated(page);
    await page.getByLabel('First name').fill('Danielle');
    await page.getByLabel('City').fill('Bradford');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Danielle');
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Bradford');
  });

  test('sign out from the sidebar clears the browser', async () => {
    await page.goto('/account');
    await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await signOutFromSidebar(page);
  });

  test('signing up again with the same email fails and resets the check', async () => {
    const robot = await signUp();
    await expect(alertWith(page, 'There was an error during registration. Please try again.')).toContainText(
      'already exists',
    );
    await expect(robot).not.toBeChecked();
    await expect(page).toHaveURL(/\/account\/register$/);
  });

  test('a wrong password fails', async () => {
    await signInWith(page, email, 'Wrong123');
    await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
  });

  test('the right password signs in', async () => {
    await passwordBox(page, 'Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Danielle');
  });

  test('change the password, then sign in with the new one', async () => {
    await hydrated(page);
    await page.getByLabel('Current password').fill(member.password);
    await passwordBox(page, 'New password').fill('Changed456');
    await page.getByLabel('Confirm new password').fill('Changed457');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Changed456');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    // The change rotated the session: the browser keeps working with the new token it was handed.
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Bradford');
    await signOutFromSidebar(page);
    await signInWith(page, email, 'Changed456');
    await expect(page).toHaveURL(/\/account$/);
    await signOutFromSidebar(page);
  });

  test('reset a forgotten password through the mailed link', async () => {
    await page.goto('/account/forgot-password');
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password Reset Sent.' })).toHaveText(
      "Password Reset Sent. Check your email for a link to reset your password. If it doesn't appear within a few minutes, check your spam folder.",
    );
    await expect.poll(() => resetLinkFor(email), { timeout: 10_000 }).toBeTruthy();
    await page.goto(resetLinkFor(email) ?? '');
    await hydrated(page);
    await expect(page).toHaveURL(/\/account\/reset-password$/);
    await passwordBox(page, 'New password').fill('Reset789A');
    await page.getByLabel('Confirm new password').fill('Reset789B');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Reset789A');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has successfully been reset')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login$/);
    await signInWith(page, email, 'Reset789A');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('delete the account after confirming; its sign-in then fails', async () => {
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storage(page, 'token')).toBeNull();
    await signInWith(page, email, 'Reset789A');
    await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
  });
});

// The server under test was seeded first (`npm run seed -- --if-empty`, as `npm start` does).
test('the seeded demo member signs in', async ({ page }) => {
  await signInWith(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(welcome(page)).toHaveAccessibleName(`Welcome back, ${DEMO_ACCOUNT.first_name}`);
  await expect(page.getByLabel('City')).toHaveValue(DEMO_ACCOUNT.city);
});
