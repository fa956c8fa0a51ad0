// A visitor's account in WebKit from sign-up to deletion (product.md 2.6, 4, 5.3), against the real API:
// one account, one window, the steps in order (a failed step makes the later ones fail too). The
// Playwright spec: tests/e2e/account-lifecycle.spec.ts.
import { expect, test } from 'vitest';
import { DEMO_ACCOUNT, signUpValues } from '../../src/features/account/account.sample.ts';
import { GIVEAWAY_IMAGE_KEY } from '../../src/features/giveaway/promotion.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import {
  type Browser,
  click,
  expectNoAxeViolations,
  expectPath,
  fill,
  fillNamed,
  goto,
  hydrated,
  isShown,
  outbox,
  pageText,
  passHumanCheck,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

const member = signUpValues();
const { email } = member;
const welcome = () => shownTexts(browser, 'h1').then((texts) => texts.join(' '));
const alerts = () => shownTexts(browser, '[role="alert"]').then((texts) => texts.join(' '));
const statuses = () => shownTexts(browser, '[role="status"]').then((texts) => texts.join(' '));
const field = (name: string) => browser.$(`main [name="${name}"]`);
const button = (text: string) => browser.$('main').$(`button=${text}`);

/** The newest link matching `pattern` mailed to the member. */
const mailedLink = (pattern: RegExp) =>
  outbox()
    .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()))
    .reverse()
    .map((mail) => pattern.exec(mail.text)?.[0])
    .find(Boolean);

async function signIn(password: string) {
  await goto(browser, '/account/login');
  await hydrated(browser);
  await fillNamed(browser, browser, { email, password }, ['email', 'password']);
  await click(browser, button('Sign In'));
}

async function signOut() {
  await click(browser, browser.$('[data-account-sign-out]'));
  await expectPath(browser, /^\/$/);
  const left = await browser.execute(
    (cacheKey) => [
      ...Object.keys(localStorage).filter((key) => key !== cacheKey),
      ...Object.keys(sessionStorage),
    ],
    GIVEAWAY_IMAGE_KEY,
  );
  expect(left).toEqual([]);
}

test('sign up with the human check, then /account with the confirmation notice', async () => {
  await goto(browser, '/account/register');
  await hydrated(browser);
  await fillNamed(browser, browser, member, [
    ...['first_name', 'last_name', 'email', 'phone', 'password'],
    ...['address_1', 'address_2', 'city', 'state', 'zip'],
  ]);
  await waitOutDwellAfterTicket();
  await passHumanCheck(browser);
  await click(browser, button('Sign Up'));
  await expectPath(browser, /^\/account$/);
  await expect.poll(() => pageText(browser)).toContain(`We have sent a link to ${email}.`);
  await expect.poll(welcome).toContain(`Welcome back, ${member.first_name}`);
  await expect.poll(() => field('city').getValue()).toBe(member.city);
  await expectNoAxeViolations(browser);
});

test('the mailed link and the password confirm the address', async () => {
  await expect.poll(() => mailedLink(/\/account\/login\?confirm_token=[\w.~%-]+/)).toBeTruthy();
  await goto(browser, mailedLink(/\/account\/login\?confirm_token=[\w.~%-]+/) ?? '');
  await hydrated(browser);
  await expectPath(browser, /^\/account\/login$/); // the token leaves the address bar at once
  await expect
    .poll(() => pageText(browser))
    .toContain('Sign in with your password to confirm your email address.');
  await fillNamed(browser, browser, member, ['email', 'password']);
  await click(browser, button('Sign In'));
  await expect.poll(statuses).toContain('Your account has been verified!');
  await expectPath(browser, /^\/account$/);
});

test('signed-in pages pass axe; VIP numbers and profile edits are saved', async () => {
  await goto(browser, '/account/entries');
  await expect.poll(() => pageText(browser)).toContain('You have not entered a giveaway yet.');
  await expectNoAxeViolations(browser);

  await goto(browser, '/account/vip');
  await hydrated(browser);
  await fillNamed(browser, browser, { registration_number: 'VIP-1234', secondary_number: '55' }, [
    'registration_number',
    'secondary_number',
  ]);
  await click(browser, button('Save'));
  await expect.poll(statuses).toContain('saved');
  await expectNoAxeViolations(browser);
  await browser.refresh();
  await expect.poll(() => field('registration_number').getValue()).toBe('VIP-1234');

  await goto(browser, '/account');
  await hydrated(browser);
  await expect.poll(() => field('city').getValue()).toBe(member.city);
  await fillNamed(browser, browser, { first_name: 'Danielle', city: 'Bradford' }, ['first_name', 'city']);
  await click(browser, button('Save Changes'));
  await expect.poll(statuses).toContain('Your changes have been saved.');
  await expect.poll(welcome).toContain('Welcome back, Danielle');
  await browser.refresh();
  await expect.poll(() => field('city').getValue()).toBe('Bradford');
});

test('sign out clears the browser; a wrong password fails, the right one signs in', async () => {
  await signOut();
  await signIn('Wrong123');
  await expect.poll(alerts).toContain('Incorrect user name or password');
  await fill(browser, field('password'), member.password);
  await click(browser, button('Sign In'));
  await expectPath(browser, /^\/account$/);
  await expect.poll(welcome).toContain('Welcome back, Danielle');
});

test('change the password, then sign in with the new one', async () => {
  await hydrated(browser);
  await fillNamed(
    browser,
    browser,
    { old_password: member.password, new_password: 'Changed456', confirm: 'Changed457' },
    ['old_password', 'new_password', 'confirm'],
  );
  await click(browser, button('Change Password'));
  await expect.poll(() => pageText(browser)).toContain('Passwords do not match.');
  await fill(browser, field('confirm'), 'Changed456');
  await click(browser, button('Change Password'));
  await expect.poll(statuses).toContain('Your password has been changed.');
  await signOut();
  await signIn('Changed456');
  await expectPath(browser, /^\/account$/);
  await signOut();
});

test('reset a forgotten password through the mailed link', async () => {
  await goto(browser, '/account/forgot-password');
  await hydrated(browser);
  await fill(browser, field('email'), email);
  await click(browser, button('Reset Password'));
  await expect.poll(statuses).toContain('Password Reset Sent.');
  await expect.poll(() => mailedLink(/\/account\/reset-password\?reset_token=[\w.~%-]+/)).toBeTruthy();
  await goto(browser, mailedLink(/\/account\/reset-password\?reset_token=[\w.~%-]+/) ?? '');
  await hydrated(browser);
  await expectPath(browser, /^\/account\/reset-password$/);
  await fillNamed(browser, browser, { password: 'Reset789A', confirm: 'Reset789A' }, ['password', 'confirm']);
  await click(browser, button('Reset Password'));
  await expect.poll(() => pageText(browser)).toContain('Your password has successfully been reset');
  await expectPath(browser, /^\/account\/login$/);
  await signIn('Reset789A');
  await expectPath(browser, /^\/account$/);
});

test('delete the account after confirming; its sign-in then fails', async () => {
  await hydrated(browser);
  await click(browser, button('Delete Account'));
  const dialog = browser.$('dialog.confirm-dialog');
  await expect.poll(() => isShown(browser, 'dialog.confirm-dialog')).toBe(true);
  await click(browser, dialog.$('button=Cancel'));
  await expect.poll(() => isShown(browser, 'dialog.confirm-dialog')).toBe(false);
  await click(browser, button('Delete Account'));
  await click(browser, dialog.$('button=Delete my account'));
  await expectPath(browser, /^\/$/);
  expect(await browser.execute(() => localStorage.getItem('token'))).toBeNull();
  await signIn('Reset789A');
  await expect.poll(alerts).toContain('Incorrect user name or password');
});

test('the seeded demo member signs in', async () => {
  await goto(browser, '/account/login');
  await hydrated(browser);
  await fillNamed(browser, browser, DEMO_ACCOUNT, ['email', 'password']);
  await click(browser, button('Sign In'));
  await expectPath(browser, /^\/account$/);
  await expect.poll(welcome).toContain(`Welcome back, ${DEMO_ACCOUNT.first_name}`);
});
