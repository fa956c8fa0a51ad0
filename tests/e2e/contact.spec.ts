// The contact form on /help (product.md 4, 5.4): the department reveal, the extra fields of three
// departments, each message in product.md order, a sent message (stored, then mailed), a failed send
// that keeps everything typed, and a member's profile filled in.
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNT } from '../../src/features/account/account.sample.ts';
import { CARD_TYPES } from '../../src/features/contact/departments.ts';
import { site } from '../../src/site.config.ts';
import { CONTACT_PERSON, CONTACT_VISIT } from '../support/journeys.ts';
import { alertWith, hydrated, outbox, signInWith, welcome } from './account-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { waitOutDwell } from './dwell.ts';

const form = (page: Page) => page.getByRole('form', { name: 'Send us a message' });
const department = (page: Page) => form(page).getByLabel('Department');
const submit = (page: Page) => form(page).getByRole('button', { name: 'Submit' });
const robot = (page: Page) => form(page).getByRole('checkbox', { name: 'I am not a robot' });

async function open(page: Page) {
  await page.goto('/help');
  await hydrated(page);
}

async function tickRobot(page: Page) {
  const issued = page.waitForResponse((r) => r.url().endsWith('/api/v1/human-check/local') && r.ok());
  await robot(page).click();
  await issued;
  await expect(robot(page)).toBeChecked();
}

async function fillPerson(page: Page, email: string) {
  const f = form(page);
  const person = CONTACT_PERSON;
  await f.getByLabel('First name').fill(person.first_name);
  await f.getByLabel('Last name').fill(person.last_name);
  await f.getByLabel('Email').fill(email);
  await f.getByLabel('Phone').fill(person.phone);
  await f.getByLabel('Address line 1').fill(person.address_1);
  await f.getByLabel('City').fill(person.city);
  await f.getByLabel('State').selectOption(person.state);
  await f.getByLabel('ZIP code').fill(person.zip);
}

async function fillCustomerService(page: Page) {
  const visit = CONTACT_VISIT;
  await department(page).selectOption({ label: visit.department });
  await form(page).getByLabel('Subject').selectOption(visit.subject);
  await form(page).getByLabel('Date of visit').fill(visit.date);
  await form(page).getByLabel('Time of visit').fill(visit.time);
  await form(page).getByLabel('Message').fill(visit.message);
}

test('with no department only the personal fields and the check show; choosing one reveals the rest', async ({
  page,
}) => {
  await open(page);
  await expect(form(page).getByLabel('First name')).toBeVisible();
  await expect(robot(page)).toBeVisible();
  for (const hidden of ['Subject', 'Message']) await expect(form(page).getByLabel(hidden)).toHaveCount(0);
  await expect(submit(page)).toHaveCount(0);
  await expect(department(page).getByRole('option')).toHaveText([
    'Choose a department',
    `${site.name} Cards`,
    'Other Credit Cards',
    'Customer Service',
    'Employment',
    'Merchandise',
    'Fleet Fueling Cards',
    'Cafe',
    'Advertising',
    'Website Account',
  ]);
  await department(page).selectOption({ label: 'Merchandise' });
  await expect(form(page).getByRole('heading', { name: 'Merchandise' })).toBeVisible();
  const subjects = form(page).getByLabel('Subject').getByRole('option');
  await expect(subjects.last()).toHaveText('Other (Enter Below)');
  await expect(form(page).getByLabel('Message')).toHaveAttribute('rows', '6');
  await expect(submit(page)).toBeVisible();
  await form(page).getByLabel('Subject').selectOption('Other (Enter Below)');
  await expect(form(page).getByLabel('Your subject')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the extra fields of three departments, reset when the department changes', async ({ page }) => {
  await open(page);
  await department(page).selectOption({ label: `${site.name} Cards` });
  await form(page).getByLabel('Account number').fill('123456');
  await department(page).selectOption({ label: 'Other Credit Cards' });
  await expect(form(page).getByLabel('Card type').getByRole('option')).toHaveText([
    'Select a card type',
    ...CARD_TYPES,
  ]);
  for (const label of ['Last four digits of the card', 'Store number', 'Transaction date'])
    await expect(form(page).getByLabel(label)).toBeVisible();
  await expect(form(page).getByLabel('Account number')).toHaveCount(0);
  await department(page).selectOption({ label: 'Customer Service' });
  for (const label of ['Store location', 'Date of visit', 'Time of visit'])
    await expect(form(page).getByLabel(label)).toBeVisible();
  await department(page).selectOption({ label: `${site.name} Cards` });
  await expect(form(page).getByLabel('Account number')).toHaveValue('');
});

test('each message, in the order of product.md 5.4', async ({ page }) => {
  await open(page);
  await department(page).selectOption({ label: 'Customer Service' });
  await submit(page).click();
  await expect(alertWith(page, 'Please complete the security check')).toBeVisible();
  await tickRobot(page);
  await submit(page).click();
  await expect(alertWith(page, 'Please fill out all required fields.')).toBeVisible();
  await expect(form(page).getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await fillPerson(page, 'pat@');
  await fillCustomerService(page);
  await submit(page).click();
  await expect(alertWith(page, 'Please enter a valid email address')).toBeVisible();
  await form(page).getByLabel('Email').fill('pat@example.com');
  await form(page).getByLabel('Phone').fill('555-0100');
  await submit(page).click();
  await expect(alertWith(page, 'Please enter a valid 10-digit phone number')).toBeVisible();
  await expect(form(page).getByLabel('Phone')).toBeFocused();
});

test('a sent message: stored, confirmed with its reference, mailed to the department and the sender', {
  tag: '@engines',
}, async ({ page }) => {
  const email = `pat-${Date.now()}@example.com`;
  await open(page);
  await fillPerson(page, email);
  await fillCustomerService(page);
  await tickRobot(page);
  await waitOutDwell(page);
  await submit(page).click();
  const status = page.getByRole('status').filter({ hasText: 'Your message has been sent!' });
  await expect(status).toContainText(/Your reference number is KF-[A-Z2-9]{4}-[A-Z2-9]{4}\./);
  const reference = /KF-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await status.textContent()) ?? '')?.[0];
  await expect
    .poll(() =>
      outbox()
        .filter((mail) => mail.subject.includes(reference ?? '?'))
        .map((mail) => mail.to),
    )
    .toEqual([site.contactInboxes[3], email]);
  // Ready for another message: the department part closes, the personal fields stay.
  await expect(form(page).getByLabel('Message')).toHaveCount(0);
  await expect(form(page).getByLabel('Email')).toHaveValue(email);
});

test('a failed send keeps everything typed and says what went wrong', async ({ page }) => {
  await page.route('**/api/v1/contact**', (route) => route.abort('internetdisconnected'));
  await open(page);
  await fillPerson(page, 'pat@example.com');
  await fillCustomerService(page);
  await tickRobot(page);
  await submit(page).click();
  await expect(alertWith(page, 'Your message could not be sent.')).toContainText('check your connection');
  await expect(page.getByText('Your message has been sent!')).toHaveCount(0);
  await expect(form(page).getByLabel('Message')).toHaveValue(CONTACT_VISIT.message);
  await expect(form(page).getByLabel('Date of visit')).toHaveValue(CONTACT_VISIT.date);
  await expect(form(page).getByLabel('First name')).toHaveValue(CONTACT_PERSON.first_name);
  await expect(robot(page)).not.toBeChecked(); // the check starts over after a failed send
});

test('a signed-in member finds the personal fields filled from the profile', async ({ page }) => {
  await signInWith(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(welcome(page)).toContainText(`Welcome back, ${DEMO_ACCOUNT.first_name}`);
  await open(page);
  await expect(form(page).getByLabel('First name')).toHaveValue(DEMO_ACCOUNT.first_name);
  await expect(form(page).getByLabel('Email')).toHaveValue(DEMO_ACCOUNT.email);
  await expect(form(page).getByLabel('City')).toHaveValue(DEMO_ACCOUNT.city);
  await expect(form(page).getByLabel('State')).toHaveValue(DEMO_ACCOUNT.state);
});
