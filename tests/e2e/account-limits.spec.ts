// Sign-in limits in a real browser (docs/api.md, "Limits"): after repeated wrong passwords for an
// address the server asks for the human check instead of locking the owner out; the form shows the
// check and, once it is passed, signs in with the right password.
// This file makes 5 failed sign-ins from the suite's one address (20 ask the check for all of it).
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../../src/features/account/account.sample.ts';
import {
  alertWith,
  expectNoAxeViolations,
  hydrated,
  passwordBox,
  registerThroughApi,
  welcome,
} from './account-helpers.ts';

/** Clicks Sign In and waits for the server's answer (the same alert text may already be showing). */
async function signInOnce(page: Page, password: string) {
  await passwordBox(page, 'Password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  return (await answered).status();
}

test('after repeated failures the sign-in asks for the human check, and the right password with it signs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('limits');
  await registerThroughApi(page, email, 'Right1234');

  await page.goto('/account/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  for (let i = 0; i < 5; i++) {
    expect(await signInOnce(page, 'Wrong1234')).toBe(401);
    await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
  }
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await expect(robot).toHaveCount(0);

  // The right password now needs the check: the form shows it and says so.
  expect(await signInOnce(page, 'Right1234')).toBe(403);
  await expect(alertWith(page, 'Please complete the security check to sign in.')).toBeVisible();
  await expect(robot).toBeVisible();
  await expectNoAxeViolations(page);

  // Passing the check sends the sign-in again with its token.
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login') && r.status() === 200);
  await robot.click();
  await signedIn;
  await expect(page).toHaveURL(/\/account$/);
  await expect(welcome(page)).toBeVisible();
});
