// The charge card and fleet fueling applications (product.md 5.6): filled and sent in the browser,
// hidden sections not sent, drafts that survive a reload without the SSN, product.md 5.6's messages,
// uploads, phones and keyboards, axe.
import { expect, test } from '@playwright/test';
import { SAMPLE_PDF } from '../../src/features/applications/applications.sample.ts';
import { expectNoAxeViolations, hydrated, outbox } from './account-helpers.ts';
import {
  draw,
  fillApplicant,
  fillFleet,
  fillGuarantor,
  pad,
  passHumanCheck,
  recordSentFields,
  section,
  sentFields,
} from './applications-helpers.ts';

const REQUIRED = 'Please fill in a valid value for all required fields';
const FORMAT = 'Please ensure all values are in a proper format';
const submitButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Submit Form' });

test.beforeEach(({ page }) => recordSentFields(page));

test.describe('charge card application', () => {
  test('a joint account is filled, signed and sent; Section B only when Joint', { tag: '@engines' }, async ({
    page,
  }) => {
    // Three times the project's time (90 s in Chromium): a long form, slower still over BiDi.
    test.setTimeout(test.info().timeout * 3);
    await page.goto('/frame/charge-card');
    await hydrated(page);
    const sectionB = section(page, 'Section B: Joint Applicant');
    await expect(sectionB).toBeHidden();
    await page.getByRole('radio', { name: 'Joint Account' }).check();
    await expect(sectionB).toBeVisible();
    await expectNoAxeViolations(page);

    await fillApplicant(page, section(page, 'Section A: Applicant'), 'a');
    await fillApplicant(page, sectionB, 'b');
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByLabel('Number of Cards').fill('3');
    await passHumanCheck(page);
    await submitButton(page).click();
    const thanks = page.getByRole('heading', { name: 'Thank you: your application was received' });
    await expect(thanks).toBeVisible({ timeout: 15_000 });
    const fields = await sentFields(page);
    const reference =
      (await page
        .getByRole('status')
        .filter({ hasText: 'reference number' })
        .locator('strong')
        .textContent()) ?? '';
    expect(reference).toMatch(/^CC-/);
    expect(fields).toEqual(
      expect.arrayContaining(['a_ssn', 'signature_a', 'b_ssn', 'signature_b', 'statement']),
    );
    await expect.poll(() => outbox().some((mail) => mail.subject.includes(reference))).toBe(true);
  });

  test('Section B is not sent once the account is back to Individual', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/frame/charge-card');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Joint Account' }).check();
    await section(page, 'Section B: Joint Applicant').getByLabel('First name').fill('Sam');
    await page.getByRole('radio', { name: 'Individual Account' }).check();
    await fillApplicant(page, section(page, 'Section A: Applicant'), 'a');
    await page.getByRole('checkbox', { name: 'Mail', exact: true }).check();
    await passHumanCheck(page);
    await submitButton(page).click();
    await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible({ timeout: 15_000 });
    const fields = await sentFields(page);
    expect(fields).toContain('a_first_name');
    expect(fields.filter((name) => name.startsWith('b_') || name === 'signature_b')).toEqual([]);
  });

  test('product.md 5.6 messages, next to the fields, with the first invalid field focused', async ({
    page,
  }) => {
    await page.goto('/frame/charge-card');
    await hydrated(page);
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: REQUIRED })).toBeVisible();
    await expect(section(page, 'Section A: Applicant').getByLabel('First name')).toBeFocused();
    await expect(page.getByText('First name is required').first()).toBeVisible();

    await fillApplicant(page, section(page, 'Section A: Applicant'), 'a');
    await page.getByRole('checkbox', { name: 'Mail', exact: true }).check();
    await section(page, 'Section A: Applicant').getByLabel('Email').fill('dana@');
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: FORMAT })).toBeVisible();
    await expect(section(page, 'Section A: Applicant').getByLabel('Email')).toBeFocused();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a reload keeps what was typed but never the SSN or birthday', async ({ page }) => {
    await page.goto('/frame/charge-card');
    await hydrated(page);
    const applicant = section(page, 'Section A: Applicant');
    await applicant.getByLabel('First name').fill('Dana');
    await applicant.getByLabel('City').first().fill('Warren');
    await applicant.getByLabel('Social Security Number').fill('193847562');
    await applicant.getByRole('group', { name: 'Birthday' }).getByLabel('Year').selectOption('1984');
    await page.reload();
    await hydrated(page);
    await expect(applicant.getByLabel('First name')).toHaveValue('Dana');
    await expect(applicant.getByLabel('City').first()).toHaveValue('Warren');
    await expect(applicant.getByLabel('Social Security Number')).toHaveValue('');
    await expect(applicant.getByRole('group', { name: 'Birthday' }).getByLabel('Year')).toHaveValue('');
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain('193847562');
  });

  test('works with the keyboard alone on a phone-sized screen @phone', async ({ page }) => {
    await page.goto('/frame/charge-card');
    await hydrated(page);
    const applicant = section(page, 'Section A: Applicant');
    await applicant.getByLabel('First name').focus();
    await page.keyboard.type('Dana');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Q');
    await page.getByRole('radio', { name: 'Individual Account' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Joint Account' })).toBeChecked();
    await page.getByLabel('Number of Cards').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByLabel('Number of Cards')).toHaveValue('2');
    await applicant.getByLabel(/Or type your full name to sign/).focus();
    await page.keyboard.type('Dana Q Miller');
    await expect(applicant.getByRole('button', { name: /\[clear\]/ })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1);
    await expectNoAxeViolations(page);
  });
});

test.describe('fleet fueling application', () => {
  test('sent with two guarantors, an upload and a drawn signature, from /fleet-fueling.html', {
    tag: '@engines',
  }, async ({ page }) => {
    test.setTimeout(test.info().timeout * 4); // 120 s in Chromium
    await page.goto('/fleet-fueling');
    await expect(page).toHaveURL(/\/fleet-fueling\.html$/);
    await hydrated(page);
    const guaranty = section(page, 'Personal Guaranty');
    await expect(guaranty).toBeHidden();
    await fillFleet(page);
    await page.getByRole('checkbox', { name: /^Yes/ }).check();
    await expect(guaranty).toBeVisible();
    await fillGuarantor(page, 1);
    await fillGuarantor(page, 2);

    await page.getByLabel('Annual Financial Statement').setInputFiles({
      name: 'annual.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(SAMPLE_PDF),
    });
    await expect(page.getByText('annual.pdf')).toBeVisible();
    await expectNoAxeViolations(page);
    await passHumanCheck(page);
    await submitButton(page).click();
    await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible({ timeout: 15_000 });
    const fields = await sentFields(page);
    expect(fields).toEqual(
      expect.arrayContaining([
        'signature',
        'g1_ssn',
        'g2_ssn',
        'g2_signature',
        'annual_statement',
        'bank_account',
      ]),
    );
    expect(fields).not.toContain('g3_ssn');
    expect(fields).not.toContain('how_heard_other');
  });

  test('guarantors are disabled and not sent unless Yes; Other text only for Other', async ({ page }) => {
    await page.goto('/frame/fleet-fueling');
    await hydrated(page);
    await page.getByRole('checkbox', { name: /^Yes/ }).check();
    await section(page, /^Guarantor 1/)
      .getByRole('textbox', { name: 'Print name', exact: true })
      .fill('Pat Owner');
    await page.getByRole('checkbox', { name: /^Yes/ }).uncheck();
    await expect(section(page, 'Personal Guaranty')).toBeHidden();
    await expect(page.locator('#fleet-fueling-g1_name')).toBeDisabled();
    await expect(page.getByLabel('Please describe')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Other' }).check();
    await expect(page.getByLabel('Please describe')).toBeVisible();
  });

  test('uploads: the provider type message, the file name, and No File Chosen after removal', async ({
    page,
  }) => {
    await page.goto('/frame/fleet-fueling');
    await hydrated(page);
    const input = page.getByLabel('Current Financial Statement');
    await input.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await expect(
      page.getByText(/You must upload one of the following file types for the selected field:/),
    ).toBeVisible();
    await input.setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await expect(page.getByText('books.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Remove books.csv' }).click();
    await expect(page.getByText('No File Chosen')).toHaveCount(2);
  });

  // The form's 150 controls each get only their own value (ApplicationControls.tsx): a change commits
  // the control it touched, not all of them, which kept the phone busy after hydration.
  test('typing in one field leaves the markup of every other field alone', async ({ page }) => {
    await page.goto('/frame/fleet-fueling');
    await hydrated(page);
    // The date and time are set after hydration (product.md 4): the change before the one watched.
    await expect(page.getByRole('combobox', { name: 'AM/PM' })).not.toHaveValue('');
    await page.evaluate(() => {
      const touched = new Set<string>();
      Object.assign(window, { touched });
      new MutationObserver((records) => {
        for (const { target } of records) {
          if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement)
            touched.add(target.id);
        }
      }).observe(document.querySelector('form') as HTMLFormElement, { attributes: true, subtree: true });
    });
    await page.getByLabel('DBA or AKA').fill('Main Street Hauling');
    await expect
      .poll(() => page.evaluate(() => [...(window as unknown as { touched: Set<string> }).touched]))
      .toEqual(['fleet-fueling-dba']);
  });

  test('the comma key is blocked in the fuel spend, and [clear] empties the signature', async ({ page }) => {
    await page.goto('/frame/fleet-fueling');
    await hydrated(page);
    const spend = page.getByLabel(/Avg. Month Fuel Expenditures/);
    await spend.fill('');
    await spend.pressSequentially('1,250.75');
    await expect(spend).toHaveValue('1250.75');
    const signing = section(page, 'Signature');
    await draw(page, pad(signing, 'Signature'));
    await signing.getByRole('button', { name: /\[clear\]/ }).click();
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: REQUIRED })).toBeVisible();
    await expect(signing.getByText('Please draw your signature in the box')).toBeVisible();
    await expect(page.locator('#fleet-fueling-phone')).toBeFocused();
  });
});
