// Nobody uses up a person's password resets (docs/decisions/0014-*): after 3 reset mails an hour to one
// mailbox, requested by anyone, the forgot-password form asks the owner for the human check instead of
// refusing, and with it the link is sent. This file makes 4 reset requests from the suite's address.
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../../src/features/account/account.sample.ts';
import {
  alertWith,
  expectNoAxeViolations,
  hydrated,
  mailsTo,
  registerThroughApi,
  requestResetThroughApi,
} from './account-helpers.ts';

test('past 3 reset mails an hour the form asks for the human check, and with it the owner gets the link', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('reset-check');
  await registerThroughApi(page, email, 'Right1234');
  // A stranger asks three times in the owner's name.
  for (let i = 0; i < 3; i++) expect((await requestResetThroughApi(page, email)).status()).toBe(200);
  await expect.poll(() => mailsTo(email).filter((m) => /reset_token=/.test(m.text)).length).toBe(3);

  await page.goto('/account/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(alertWith(page, 'Please complete the security check to send the reset link.')).toBeVisible();
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await expect(robot).toBeVisible();
  await expectNoAxeViolations(page);

  // Passing the check sends the request again with its token.
  await robot.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password Reset Sent.' })).toBeVisible();
  await expect.poll(() => mailsTo(email).filter((m) => /reset_token=/.test(m.text)).length).toBe(4);
});
