// The account area without a real session (product.md 2.6, 4): sidebar and headings, the access rule,
// the 401 rule and axe on the screens a signed-out visitor may open.
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import {
  expectNoAxeViolations,
  hydrated,
  nav,
  screenHeading,
  storage,
  storeSession,
  welcome,
} from './account-helpers.ts';

test.describe('signed out', () => {
  test('the sidebar offers sign in, sign up and the giveaway under a generic welcome', async ({ page }) => {
    await page.goto('/account/login');
    await expect(welcome(page)).toHaveAccessibleName(`Welcome to ${site.name}`);
    await expect(nav(page).getByRole('link')).toHaveText(['Sign In', 'Sign Up', 'Enter Giveaway']);
    await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeHidden();
  });

  // Every account page off product.md 2.6's public list, including confirm-email, and any other sub-path.
  for (const path of [
    '/account',
    '/account/entries',
    '/account/vip',
    '/account/confirm-email',
    '/account/no-such-screen',
    '/account/login/extra',
  ]) {
    test(`${path} sends a signed-out visitor to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  }

  test('public account pages stay reachable signed out', async ({ page }) => {
    for (const path of ['/account/register', '/account/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  for (const path of ['login', 'register', 'forgot-password', 'reset-password?reset_token=x']) {
    test(`/account/${path} passes axe signed out`, async ({ page }) => {
      await page.goto(`/account/${path}`);
      await expect(screenHeading(page)).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
    });
  }

  test('the sign-in page shows the verified-account text @phone', async ({ page }) => {
    await page.goto('/account/login?verified=1');
    await expect(page.getByText('Your account has been verified!')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

test.describe('session in the browser', () => {
  test('a stored session shows the signed-in sidebar and greets by name', async ({ page }) => {
    await storeSession(page, { token: 'not-checked-here', user_id: 'u1', first_name: 'Pat' });
    await page.reload();
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Pat');
    await expect(nav(page).getByRole('link')).toHaveText(['Account Details', 'Enter Giveaway', 'Become VIP']);
    await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('first_name'));
    await page.reload();
    await expect(welcome(page)).toHaveAccessibleName('Welcome back');
  });

  // The page asks the server nothing, so a stored token is enough to see it.
  test('/account/confirm-email shows its screen to a stored session and passes axe', async ({ page }) => {
    await storeSession(page, { token: 'not-checked-here', user_id: 'u1', first_name: 'Pat' });
    await page.goto('/account/confirm-email');
    await expect(page).toHaveURL(/\/account\/confirm-email$/);
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("an unknown account address is the account area's not-found screen, with status 404", async ({
    page,
  }) => {
    await storeSession(page, { token: 'not-checked-here', user_id: 'u1', first_name: 'Pat' });
    const response = await page.goto('/account/no-such-screen');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/account\/no-such-screen$/);
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Pat');
    await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
    await expect(nav(page).getByRole('link')).toHaveText(['Account Details', 'Enter Giveaway', 'Become VIP']);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test('a token the server rejects (401) ends the session and goes to sign in', async ({ page }) => {
    await storeSession(page, { token: 'bogus-token', user_id: 'u1', first_name: 'Pat' });
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/login$/);
    expect(await storage(page, 'token')).toBeNull();
    expect(await storage(page, 'user_id')).toBeNull();
    expect(await storage(page, 'first_name')).toBeNull();
    await expect(welcome(page)).toHaveAccessibleName(`Welcome to ${site.name}`);
  });
});
