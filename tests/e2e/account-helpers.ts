// What the account browser tests share: axe, the account screen's parts, the stored session,
// the sign-up form and the outbox the server writes reset mails to.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
export const welcome = (page: Page) => page.getByRole('heading', { level: 1 });
export const screenHeading = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 2 }).first();
// Playwright gives password inputs the textbox role; the exact name keeps 'New password' apart
// from 'Confirm new password'.
export const passwordBox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** Islands answer clicks only once hydrated; before that a click would submit the bare form. */
export const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
export const storage = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Puts session keys in localStorage as a sign-in would (the token is not checked by every page). */
export async function storeSession(page: Page, values: Record<string, string>) {
  await page.goto('/account/login');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

export async function fillSignUp(page: Page, email: string, password: string) {
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

export async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/account/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await passwordBox(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOutFromSidebar(page: Page) {
  await nav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
}

/** The newest reset link mailed to `email`, read from the server's outbox folder. */
export function resetLinkFor(email: string): string | undefined {
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
