// Sign-up goes straight to /account (product.md 2.6, 4), which says where the confirmation link went
// and sends it again on request until the address is confirmed (docs/decisions/0014-*).
import { expect, test } from '@playwright/test';
import { signUpValues } from '../../src/features/account/account.sample.ts';
import { MESSAGES } from '../../src/features/account/account.ts';
import { confirmMailSubject } from '../../src/features/account/confirmation.server.ts';
import {
  confirmLinkFor,
  expectNoAxeViolations,
  fillSignUp,
  hydrated,
  mailsTo,
  passwordBox,
  welcome,
} from './account-helpers.ts';
import { waitOutDwell } from './dwell.ts';

test('sign-up lands on /account with the confirmation notice; "Send it again" mails a new link', async ({
  page,
}) => {
  const member = signUpValues();
  const confirmMails = () => mailsTo(member.email).filter((mail) => mail.subject === confirmMailSubject);
  await page.goto('/account/register');
  await hydrated(page);
  await fillSignUp(page, member);
  await waitOutDwell(page);
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await robot.click();
  await expect(robot).toBeChecked();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(welcome(page)).toHaveAccessibleName(`Welcome back, ${member.first_name}`);
  const notice = page.getByText(MESSAGES.confirmPending);
  await expect(notice).toBeVisible();
  await expect(page.getByText(`We have sent a link to ${member.email}.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expectNoAxeViolations(page);
  await expect.poll(() => confirmMails().length, { timeout: 10_000 }).toBe(1);

  await hydrated(page);
  await page.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.confirmResent })).toBeVisible();
  await expect.poll(() => confirmMails().length, { timeout: 10_000 }).toBe(2);

  // The new link and the password confirm the address: the notice is gone.
  await page.goto(confirmLinkFor(member.email) ?? '');
  await hydrated(page);
  await page.getByLabel('Email').fill(member.email);
  await passwordBox(page, 'Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.verified })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send it again' })).toHaveCount(0);
});
