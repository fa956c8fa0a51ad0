// The account area as a visitor uses it (SPEC 2.6, 4, 5.2, 5.3, 8), against the real API.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { site } from '../../src/site.config';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const welcome = (page: Page) => page.getByRole('heading', { level: 1 });
const screenHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first();
// Playwright gives password inputs the textbox role; the exact name keeps 'New password' apart
// from 'Confirm new password'.
const passwordBox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** Islands answer clicks only once hydrated; before that a click would submit the bare form. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const storage = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
async function storeSession(page: Page, values: Record<string, string>) {
  await page.goto('/account/login');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/** The newest reset link mailed to `email`, read from the server's outbox folder. */
function resetLinkFor(email: string): string | undefined {
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const outbox = process.env.OUTBOX_DIR ?? join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return undefined;
  }
  for (const name of files.sort().reverse()) {
    let mail = readFileSync(join(outbox, name), 'utf8');
    if (!mail.toLowerCase().includes(email.toLowerCase())) continue;
    if (/content-transfer-encoding:\s*quoted-printable/i.test(mail)) {
      mail = mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    }
    const link = mail.match(/\/account\/reset-password\?reset_token=[\w.~%-]+/)?.[0];
    if (link) return link;
  }
  return undefined;
}

test.describe('signed out', () => {
  test('the sidebar offers sign in, sign up and the giveaway under a generic welcome', async ({ page }) => {
    await page.goto('/account/login');
    await expect(welcome(page)).toHaveAccessibleName(`Welcome to ${site.name}`);
    await expect(nav(page).getByRole('link')).toHaveText(['Sign In', 'Sign Up', 'Enter Giveaway']);
    await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeHidden();
  });

  for (const path of ['/account', '/account/entries', '/account/vip']) {
    test(`${path} sends a signed-out visitor to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  }

  test('public account pages stay reachable signed out', async ({ page }) => {
    for (const path of ['/account/register', '/account/forgot-password', '/account/confirm-email']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  });

  for (const path of [
    'login',
    'register',
    'forgot-password',
    'reset-password?reset_token=x',
    'confirm-email',
  ]) {
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

test.describe('sign-up rules in the browser (SPEC 5.2)', () => {
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

    await page.waitForTimeout(3100);
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

    await fillSignUp(page, `rules-${Date.now()}@example.com`, 'Secret123');
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
});

async function fillSignUp(page: Page, email: string, password: string) {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Miller');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(814) 555-0100');
  await passwordBox(page, 'Password').fill(password);
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Warren');
  await page.getByLabel('State').selectOption('PA');
  await page.getByLabel('ZIP code').fill('16365');
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/account/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await passwordBox(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutFromSidebar(page: Page) {
  await nav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
}

test('a visitor signs up, manages the account, resets the password and deletes the account', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `dana-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await test.step('sign up with the human check', async () => {
    await page.goto('/account/register');
    await hydrated(page);
    await fillSignUp(page, email, 'Secret123');
    await page.waitForTimeout(3100);
    // The local check asks the server for a token, so the box is ticked once that answers.
    const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
    await robot.click();
    await expect(robot).toBeChecked();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Dana');
    await expect(page.getByLabel('City')).toHaveValue('Warren');
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  await test.step('signed-in pages pass axe', async () => {
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

  await test.step('VIP numbers are saved', async () => {
    await page.goto('/account/vip');
    await hydrated(page);
    await page.getByLabel('Registration number').fill('VIP-1234');
    await page.getByLabel('Secondary number').fill('55');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Registration number')).toHaveValue('VIP-1234');
  });

  await test.step('profile edits persist after a reload', async () => {
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

  await test.step('sign out; signing up again with the same email fails and resets the check', async () => {
    await signOutFromSidebar(page);
    await page.goto('/account/register');
    await hydrated(page);
    await fillSignUp(page, email, 'Secret123');
    await page.waitForTimeout(3100);
    const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
    await robot.click();
    await expect(robot).toBeChecked();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(alertWith(page, 'There was an error during registration. Please try again.')).toContainText(
      'already exists',
    );
    await expect(robot).not.toBeChecked();
    await expect(page).toHaveURL(/\/account\/register$/);
  });

  await test.step('a wrong password fails, the right one signs in', async () => {
    await signInWith(page, email, 'Wrong123');
    await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
    await passwordBox(page, 'Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(welcome(page)).toHaveAccessibleName('Welcome back, Danielle');
  });

  await test.step('change the password, then sign in with the new one', async () => {
    await hydrated(page);
    await page.getByLabel('Current password').fill('Secret123');
    await passwordBox(page, 'New password').fill('Changed456');
    await page.getByLabel('Confirm new password').fill('Changed457');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Changed456');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    await signOutFromSidebar(page);
    await signInWith(page, email, 'Changed456');
    await expect(page).toHaveURL(/\/account$/);
    await signOutFromSidebar(page);
  });

  await test.step('reset a forgotten password through the mailed link', async () => {
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
    await expect(page).toHaveURL(/\/account\/login$/, { timeout: 5000 });
    await signInWith(page, email, 'Reset789A');
    await expect(page).toHaveURL(/\/account$/);
  });

  await test.step('delete the account after confirming; its sign-in then fails', async () => {
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
