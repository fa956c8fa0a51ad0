// Visitors as they really come (docs/decisions/0016-retries-uploads-and-lingering-close.md): an answer lost
// on the way back and the form sent again (stored and mailed once: the Idempotency-Key), no
// connection at all, a slow 3G line (Chromium's network emulation), a quick visitor on a form the
// spec gives no minimum time, and an application's upload on a 256 kbit/s uplink with its progress
// and a Cancel button.
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { OFFLINE_MESSAGE } from '../../src/lib/api-client.ts';
import { site } from '../../src/site.config.ts';
import { alertWith, hydrated, outbox } from './account-helpers.ts';
import { fillApplicant, fillFleet, passHumanCheck, section } from './applications-helpers.ts';
import { waitOutDwell } from './dwell.ts';

const contact = (page: Page) => page.getByRole('form', { name: 'Send us a message' });
const robot = (page: Page) => page.getByRole('checkbox', { name: 'I am not a robot' });
const sent = (page: Page) => page.getByRole('status').filter({ hasText: 'Your message has been sent!' });
const REFERENCE = /KF-[A-Z2-9]{4}-[A-Z2-9]{4}/;

async function fillContact(page: Page, email: string) {
  const f = contact(page);
  await f.getByLabel('First name').fill('Pat');
  await f.getByLabel('Last name').fill('Lee');
  await f.getByLabel('Email').fill(email);
  await f.getByLabel('Phone').fill('(814) 555-0100');
  await f.getByLabel('Address line 1').fill('1 Main St');
  await f.getByLabel('City').fill('Warren');
  await f.getByLabel('State').selectOption('PA');
  await f.getByLabel('ZIP code').fill('16365');
  await f.getByLabel('Department').selectOption({ label: 'Customer Service' });
  await f.getByLabel('Subject').selectOption('Complaint about a visit');
  await f.getByLabel('Message').fill('The restroom was closed at noon.');
}

async function tickRobot(page: Page) {
  await robot(page).click();
  await expect(robot(page)).toBeChecked();
}

/** The first request to `pattern` reaches the server, which answers; the answer never reaches the page. */
async function loseFirstAnswer(page: Page, pattern: string) {
  let lost = false;
  await page.route(pattern, async (route) => {
    if (lost || route.request().method() !== 'POST') return route.continue();
    lost = true;
    await route.fetch(); // stored on the server
    await route.abort('connectionreset');
  });
}

/** Chromium's network emulation: a slow line for everything the page sends and loads. */
async function emulate(page: Page, conditions: { latency: number; kbitPerS: number }): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  const bytesPerS = (conditions.kbitPerS * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latency,
    downloadThroughput: bytesPerS,
    uploadThroughput: bytesPerS,
  });
  return cdp;
}
const SLOW_3G = { latency: 400, kbitPerS: 400 };

test('a contact message whose answer was lost, sent again: one message, one mail to the department', async ({
  page,
}) => {
  const email = `lost-answer-${Date.now()}@example.com`;
  await loseFirstAnswer(page, '**/api/v1/contact**');
  await page.goto('/help');
  await hydrated(page);
  await fillContact(page, email);
  await tickRobot(page);
  await contact(page).getByRole('button', { name: 'Submit' }).click();
  await expect(alertWith(page, 'Your message could not be sent.')).toBeVisible();
  // The human check starts over; everything typed is still there. Sent again: the first answer.
  await tickRobot(page);
  await contact(page).getByRole('button', { name: 'Submit' }).click();
  await expect(sent(page)).toContainText(REFERENCE);
  const reference = REFERENCE.exec((await sent(page).textContent()) ?? '')?.[0] ?? '?';
  await expect.poll(() => outbox().filter((mail) => mail.to === email).length).toBe(1);
  const department = outbox().filter((mail) => mail.to === site.contactInboxes[3]);
  expect(department.filter((mail) => mail.subject.includes(reference))).toHaveLength(1);
  expect(outbox().filter((mail) => mail.to === email && !mail.subject.includes(reference))).toEqual([]);
});

test('an application whose answer was lost, sent again: received once, mailed once', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `lost-application-${Date.now()}@example.com`;
  await loseFirstAnswer(page, '**/api/v1/applications/**');
  await page.goto('/frame/charge-card');
  await hydrated(page);
  const applicant = section(page, 'Section A: Applicant');
  await fillApplicant(page, applicant, 'a');
  await applicant.getByLabel('Email').fill(email);
  await page.getByRole('checkbox', { name: 'Mail', exact: true }).check();
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('We could not reach the server')).toBeVisible();
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible({ timeout: 15_000 });
  const reference = (await page.getByRole('status').locator('strong').textContent()) ?? '?';
  await expect.poll(() => outbox().filter((mail) => mail.to === email).length).toBe(1);
  expect(outbox().filter((mail) => mail.to === email)[0]?.text).toContain(reference);
  // The credit department's mail names the reference: once.
  expect(outbox().filter((mail) => mail.to !== email && mail.subject.includes(reference))).toHaveLength(1);
});

test('sent with no connection: said at once, everything typed kept', async ({ page, context }) => {
  await page.goto('/help');
  await hydrated(page);
  await fillContact(page, 'offline@example.com');
  await tickRobot(page);
  await context.setOffline(true);
  await contact(page).getByRole('button', { name: 'Submit' }).click();
  await expect(alertWith(page, OFFLINE_MESSAGE)).toBeVisible();
  await expect(contact(page).getByLabel('Message')).toHaveValue('The restroom was closed at noon.');
  await expect(contact(page).getByLabel('Email')).toHaveValue('offline@example.com');
  await context.setOffline(false);
});

test('a quick visitor on the contact form is not refused: the form waits out the ticket itself', async ({
  page,
}) => {
  await page.goto('/help');
  await hydrated(page);
  // Sent as soon as it is filled (autofill, a short message): no wait of the test's own.
  await fillContact(page, `quick-${Date.now()}@example.com`);
  await tickRobot(page);
  await contact(page).getByRole('button', { name: 'Submit' }).click();
  await expect(sent(page)).toContainText(REFERENCE);
  await expect(page.getByText('Please review your information and try again')).toHaveCount(0);
});

test('on slow 3G a contact message and a giveaway entry complete, busy while they go, the result announced', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await emulate(page, SLOW_3G);
  await page.goto('/help');
  await hydrated(page);
  await fillContact(page, `slow-${Date.now()}@example.com`);
  await tickRobot(page);
  await contact(page).getByRole('button', { name: 'Submit' }).click();
  await expect(contact(page)).toHaveAttribute('aria-busy', 'true');
  await expect(contact(page).getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(sent(page)).toContainText(REFERENCE, { timeout: 30_000 });

  await page.goto('/account/giveaway');
  await hydrated(page);
  const entry = page.locator('form.giveaway-form');
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Address line 1').fill('12 Oak St');
  await page.getByLabel('City').fill('Olean');
  await page.getByLabel('State').selectOption('NY');
  await page.getByLabel('ZIP code').fill('14760');
  await page.getByLabel('Phone').fill('(716) 555-0142');
  await page.getByLabel('Email').fill(`slow-entry-${Date.now()}@example.com`);
  await page.getByRole('checkbox', { name: /agree to the official rules/ }).check();
  await tickRobot(page);
  await waitOutDwell(page); // product.md gives the giveaway its minimum time
  await page.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(entry).toHaveAttribute('aria-busy', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: 'You have been entered into the giveaway!' }),
  ).toBeVisible({
    timeout: 30_000,
  });
});

test('an application upload on a 256 kbit/s uplink shows its progress, can be cancelled, and is stored', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/fleet-fueling.html');
  await hydrated(page);
  await fillFleet(page);
  await page.getByRole('checkbox', { name: 'No', exact: true }).check();
  // A statement of 400 KB: about 13 seconds at 256 kbit/s.
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.alloc(400 * 1024, 'a'),
    Buffer.from('\n%%EOF\n'),
  ]);
  await page.getByLabel('Annual Financial Statement').setInputFiles({
    name: 'annual.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await emulate(page, { latency: 100, kbitPerS: 256 });
  const submit = page.getByRole('button', { name: 'Submit Form' });
  const bar = page.getByRole('progressbar', { name: 'Sending your application' });
  const value = async () => Number(await bar.getAttribute('value'));

  await passHumanCheck(page);
  await submit.click();
  await expect.poll(value, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel sending' }).click();
  await expect(page.getByText('Sending was cancelled')).toBeVisible();
  await expect(bar).toHaveCount(0);

  await passHumanCheck(page);
  await submit.click();
  await expect.poll(value, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await value();
  await expect.poll(value, { timeout: 30_000 }).toBeGreaterThan(first);
  await expect(
    page.locator('[aria-live="polite"]').filter({ hasText: /^Sent .* MB of .* MB \(\d+%\)/ }),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible({ timeout: 90_000 });
});
