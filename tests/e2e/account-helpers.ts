// What the account browser tests share: axe, the account screen's parts, the stored session,
// the sign-up form and the outbox the server writes reset mails to.
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { SignUpValues } from '../../src/features/account/register.ts';
import { GIVEAWAY_IMAGE_KEY } from '../../src/features/giveaway/promotion.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { readOutbox } from '../support/outbox.ts';
import { waitOutDwell } from './dwell.ts';

/** The one axe scan (tests/e2e/axe.ts), here too for the specs that import it from this file. */
export { expectNoAxeViolations } from './axe.ts';

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

/** Types a sign-up (src/features/account/account.sample.ts `signUpValues()`) into the form as a visitor would. */
export async function fillSignUp(page: Page, values: SignUpValues) {
  await page.getByLabel('First name').fill(values.first_name);
  await page.getByLabel('Last name').fill(values.last_name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Phone').fill(values.phone);
  await passwordBox(page, 'Password').fill(values.password);
  await page.getByLabel('Address line 1').fill(values.address_1);
  await page.getByLabel('Address line 2').fill(values.address_2);
  await page.getByLabel('City').fill(values.city);
  await page.getByLabel('State').selectOption(values.state);
  await page.getByLabel('ZIP code').fill(values.zip);
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
  expect(await leftInStorage(page)).toEqual([]);
}

/**
 * The keys the browser still holds, but the home page's cache of the giveaway image (product.md 4), which
 * the home page writes again right after sign-out lands there; it says nothing about the visitor.
 */
export const leftInStorage = (page: Page) =>
  page.evaluate(
    (cacheKey) => [
      ...Object.keys(localStorage).filter((key) => key !== cacheKey),
      ...Object.keys(sessionStorage),
    ],
    GIVEAWAY_IMAGE_KEY,
  );

/** The mail the server under test wrote to its outbox folder, oldest first (the server's own reader). */
export const outbox = () =>
  readOutbox(process.env.OUTBOX_DIR ?? join(process.env.E2E_DATA_DIR ?? '', 'outbox'));

/** The mail the server wrote to `email` so far, oldest first. */
export const mailsTo = (email: string) =>
  outbox().filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));

/** The newest link matching `pattern` mailed to `email`. */
const newestLink = (email: string, pattern: RegExp) =>
  mailsTo(email)
    .reverse()
    .map((mail) => pattern.exec(mail.text)?.[0])
    .find(Boolean);

/** The newest reset link mailed to `email`. */
export const resetLinkFor = (email: string) =>
  newestLink(email, /\/account\/reset-password\?reset_token=[\w.~%-]+/);

/** The newest confirmation link mailed to `email` (it opens the sign-in page). */
export const confirmLinkFor = (email: string) =>
  newestLink(email, /\/account\/login\?confirm_token=[\w.~%-]+/);

const API = { 'X-API-Key': DEFAULT_API_KEY, 'Content-Type': 'application/json' };

/** A new account through the API, as the sign-up form makes it (ticket, dwell time, human check). */
export async function registerThroughApi(page: Page, email: string, password: string) {
  const ticket = await (await page.request.get('/api/v1/form-ticket?form=register', { headers: API })).json();
  await waitOutDwell(page);
  const check = await (
    await page.request.post('/api/v1/human-check/local', { headers: API, data: { action: 'register' } })
  ).json();
  const answer = await page.request.post('/api/v1/auth/register', {
    headers: API,
    data: { email, password, website: '', form_ticket: ticket.ticket, human_check_token: check.token },
  });
  expect(answer.status()).toBe(201);
}

/** A reset request through the API, as a stranger would send it (no browser, no check). */
export const requestResetThroughApi = (page: Page, email: string) =>
  page.request.post('/api/v1/auth/password_reset/request', { headers: API, data: { email } });
