// What the application browser tests share: drawing a signature, filling the sections of both
// forms from the shared sample data, and reading the multipart body the form sent.
import { expect, type Locator, type Page } from '@playwright/test';
import { sampleChargeCard, sampleFleet } from '../../src/features/applications/applications.sample.ts';
import { SIGNATURE_INSTRUCTION } from '../../src/features/applications/rules.ts';
import { waitOutDwell } from './dwell.ts';

export const section = (page: Page, name: string | RegExp) =>
  page.getByRole('group', typeof name === 'string' ? { name, exact: true } : { name });

/** Records the names of the multipart fields the page sends (files included). */
export async function recordSentFields(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        (window as unknown as { sentFields: string[] }).sentFields = [...init.body.keys()];
      }
      return original(input, init);
    };
    // The forms send through XMLHttpRequest, for its upload progress (src/lib/upload.ts).
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        (window as unknown as { sentFields: string[] }).sentFields = [...body.keys()];
      return send.call(this, body);
    };
  });
}
export const sentFields = (page: Page) =>
  page.evaluate(() => (window as unknown as { sentFields?: string[] }).sentFields ?? []);

/** Draws a stroke across a signature pad with the mouse. */
export async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  // Its code comes when it nears the screen: a visitor sees the instruction once it can be drawn on.
  await expect(pad).toHaveAccessibleDescription(new RegExp(SIGNATURE_INSTRUCTION));
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 25, box.y + box.height * (step % 2 ? 0.3 : 0.7));
  }
  await page.mouse.up();
}

export const pad = (scope: Locator, name: string) => scope.getByRole('img', { name });

type Values = Record<string, unknown>;
const text = (values: Values, key: string) => String(values[key] ?? '');

export async function fillApplicant(page: Page, scope: Locator, prefix: 'a' | 'b') {
  const values = sampleChargeCard({ joint: true });
  await scope.getByLabel('First name').fill(text(values, `${prefix}_first_name`));
  await scope.getByLabel('Last name').fill(text(values, `${prefix}_last_name`));
  await scope.getByLabel('Social Security Number').fill(text(values, `${prefix}_ssn`));
  const birthday = scope.getByRole('group', { name: 'Birthday' });
  await birthday.getByLabel('Month').selectOption(text(values, `${prefix}_birth_month`));
  await birthday.getByLabel('Day').selectOption(text(values, `${prefix}_birth_day`));
  await birthday.getByLabel('Year').selectOption(text(values, `${prefix}_birth_year`));
  if (prefix === 'a') {
    await scope.getByLabel('Email').fill(text(values, 'a_email'));
    await scope.getByLabel('Phone Number').fill(text(values, 'a_phone'));
    const address = scope.getByRole('group', { name: 'Address', exact: true });
    await address.getByLabel('Address line 1').fill(text(values, 'a_address_1'));
    await address.getByLabel('City').fill(text(values, 'a_city'));
    await address.getByLabel('State').selectOption(text(values, 'a_state'));
    await address.getByLabel('ZIP code').fill(text(values, 'a_zip'));
  }
  await draw(page, scope.locator('canvas'));
}

/** Fills every required field of the fleet form but the guaranty block. */
export async function fillFleet(page: Page) {
  const values = sampleFleet();
  const company = section(page, 'Company');
  await company.getByRole('textbox', { name: 'Phone', exact: true }).fill(text(values, 'phone'));
  await company.getByLabel('Company Name Embossed on Cards').fill(text(values, 'emboss_line_1'));
  await company.getByLabel("Applicant's Taxpayer ID#").fill(text(values, 'taxpayer_id'));
  const billing = section(page, 'Billing');
  await billing.getByLabel('Billing Contact').fill(text(values, 'billing_contact'));
  await billing.getByLabel('Billing Address').fill(text(values, 'billing_address'));
  await billing.getByLabel('City').fill(text(values, 'billing_city'));
  await billing.getByLabel('State').selectOption('PA');
  await billing.getByLabel('Zip +4').fill(text(values, 'billing_zip'));
  const principals = section(page, 'Principals');
  await principals.getByLabel('Principal(s)/Authorized Officer(s)').fill(text(values, 'principals'));
  await principals.getByLabel('Email').fill(text(values, 'principal_email'));
  await principals.getByLabel('Phone').fill(text(values, 'principal_phone'));
  const business = section(page, 'Business and account');
  await business.getByLabel('In Business Since').fill(text(values, 'in_business_since'));
  await business.getByLabel('Year of Incorporation').fill(text(values, 'year_incorporated'));
  await business.getByLabel('Fiscal Year Start').selectOption('January');
  await business.getByLabel(/Avg. Month Fuel Expenditures/).fill(text(values, 'fuel_spend'));
  const contact = section(page, 'Primary authorized contact');
  await contact.getByLabel('Primary Authorized Contact Name').fill(text(values, 'contact_name'));
  await contact.getByLabel('Title').fill(text(values, 'contact_title'));
  await contact.getByLabel('Contact Email').fill(text(values, 'contact_email'));
  await contact.getByRole('textbox', { name: 'Phone', exact: true }).fill(text(values, 'contact_phone'));
  await page.getByRole('checkbox', { name: 'LLC' }).check();
  const bank = section(page, 'Bank');
  await bank.getByLabel('Primary Business Bank').fill(text(values, 'bank_name'));
  await bank.getByLabel('Bank Address').fill(text(values, 'bank_address'));
  await bank.getByLabel('City').fill(text(values, 'bank_city'));
  await bank.getByLabel('State').selectOption('PA');
  await bank.getByLabel('Zip +4').fill(text(values, 'bank_zip'));
  await bank.getByLabel('Bank Contact Person').fill(text(values, 'bank_contact'));
  await bank.getByRole('textbox', { name: 'Phone', exact: true }).fill(text(values, 'bank_phone'));
  await bank.getByLabel('Commercial Account #').fill(text(values, 'bank_account'));
  for (const n of [1, 2]) {
    const reference = section(page, `Trade reference ${n}`);
    await reference.getByLabel('Company name').fill(text(values, `ref${n}_company`));
    await reference.getByLabel('City/State').fill(text(values, `ref${n}_city_state`));
    await reference.getByLabel('Contact').fill(text(values, `ref${n}_contact`));
    await reference.getByLabel('Phone').fill(text(values, `ref${n}_phone`));
  }
  const signing = section(page, 'Signature');
  await draw(page, signing.locator('canvas'));
  await signing.getByLabel('Print Name').fill(text(values, 'print_name'));
  await signing.getByLabel('Title').fill(text(values, 'title'));
}

export async function fillGuarantor(page: Page, n: number) {
  const values = sampleFleet({ guarantors: 2 });
  const scope = section(page, new RegExp(`^Guarantor ${n}`));
  await draw(page, scope.locator('canvas'));
  for (const [label, key] of [
    ['Date', 'date'],
    ['Print name', 'name'],
    ['Social Security Number', 'ssn'],
    ['Date of birth', 'dob'],
    ['Residential address (no PO Box)', 'address'],
    ['City', 'city'],
    ['ZIP code', 'zip'],
    ['Phone', 'phone'],
  ] as const) {
    await scope.getByRole('textbox', { name: label, exact: true }).fill(text(values, `g${n}_${key}`));
  }
  await scope.getByLabel('State').selectOption('PA');
}

/**
 * Ticks the local human check (the stand-in the test server uses), then lets the form's ticket
 * reach the 3-second minimum time on the form (product.md 5.1, 9) that a fast test could undercut.
 */
export async function passHumanCheck(page: Page) {
  // The check sits at the end of the form and starts when the visitor gets there.
  await page.getByRole('button', { name: 'Submit Form' }).scrollIntoViewIfNeeded();
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await robot.click();
  await expect(robot).toBeChecked();
  await waitOutDwell(page);
}
