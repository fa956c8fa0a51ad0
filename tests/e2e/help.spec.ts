import { expect, type Page, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { site } from '../../src/site.config.ts';
import { expectNoAxeViolations } from './axe.ts';

const pages = [
  { path: '/help', heading: 'Contact Us', menu: 'Contact Us' },
  { path: '/help/faq', heading: 'Frequently Asked Questions', menu: 'FAQs' },
  { path: '/help/forms', heading: 'Card Services Forms', menu: 'Forms' },
];

const question = (page: Page, text: string | RegExp) =>
  page.locator('details', { has: page.locator('summary', { hasText: text }) });

for (const { path, heading, menu } of pages) {
  test(`${path}: heading, side menu with aria-current, and axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const nav = page.getByRole('navigation', { name: 'Help' });
    await expect(nav.getByRole('link')).toHaveText(['Contact Us', 'FAQs', 'Forms']);
    await expect(nav.getByRole('link', { name: menu })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

test('contact page gives the phone number and mailing address above the contact form', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(page.getByText(site.customerService.hours)).toBeVisible();
  await expect(page.locator('address')).toContainText(site.customerService.mailingAddress[1] ?? '');
  await expect(
    page.locator('#contact-form-region').getByRole('form', { name: 'Send us a message' }),
  ).toBeVisible();
});

test.describe('FAQ accordion', () => {
  test('has the five sections of product.md 3', async ({ page }) => {
    await page.goto('/help/faq');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'General',
      'Credit Card Transactions',
      'Charge Card, Fleet Card and Payment Portal',
      'Products and Services',
      'Rewards',
    ]);
  });

  test('opens one question at a time, closes an open one on click, and labels Expand/Collapse', async ({
    page,
  }) => {
    await page.goto('/help/faq');
    const first = question(page, `Where are ${site.name} stores?`);
    const second = question(page, 'How much do I save');
    await expect(first.getByText('Expand')).toBeVisible();
    await expect(first.getByText('Collapse')).toBeHidden();
    await expect(first.getByText(/Pennsylvania, New York and Ohio/)).toBeHidden();

    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByText(/Pennsylvania, New York and Ohio/)).toBeVisible();
    await expect(first.getByText('Collapse')).toBeVisible();
    await expect(first.getByText('Expand')).toBeHidden();

    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await expect(first.getByText('Expand')).toBeVisible();
    await expect(page.locator('details[open]')).toHaveCount(1);

    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
    await expect(second.getByText('Expand')).toBeVisible();
    await expect(page.locator('details[open]')).toHaveCount(0);
  });

  // Firefox before 130 and Safari before 17.2 have no exclusive <details name>. Simulated here: the
  // browser's `name` property is gone before any script runs, and once the page's scripts have run the
  // name attributes go too, so the browser itself no longer closes anything.
  for (const supported of [false, true]) {
    test(`${supported ? 'with' : 'without'} <details name> support, ${supported ? 'no script closes' : 'a script keeps one question open'}`, async ({
      page,
    }) => {
      if (!supported)
        await page.addInitScript(() => {
          delete (HTMLDetailsElement.prototype as { name?: string }).name;
        });
      await page.goto('/help/faq');
      await page.waitForLoadState('load');
      await page.locator('details[name]').evaluateAll((items) => {
        for (const item of items) item.removeAttribute('name');
      });
      const first = question(page, `Where are ${site.name} stores?`);
      const second = question(page, 'How much do I save');
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await second.locator('summary').click();
      await expect(second).toHaveAttribute('open', '');
      if (supported) await expect(first).toHaveAttribute('open', '');
      else await expect(first).not.toHaveAttribute('open');
      await expect(page.locator('details[open]')).toHaveCount(supported ? 2 : 1);
    });
  }

  test('works with the keyboard, and the question is the accessible name', async ({ page }) => {
    await page.goto('/help/faq');
    const summary = page.locator('summary', { hasText: 'When is my statement sent' });
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/generated around the 5th/)).toBeVisible();
    const snapshot = await page.locator('details[open]').ariaSnapshot();
    expect(snapshot).toContain('When is my statement sent, and when is my payment due?');
    expect(snapshot).not.toContain('Collapse');
  });
});

test('forms page lists four real PDFs with type and size, and links to Contact Us', async ({
  page,
  request,
}) => {
  await page.goto('/help/forms');
  const names = [
    'Transaction Dispute Form',
    'Name Change Form',
    'New Account Notice',
    'Statement Disclaimer',
  ];
  const links = page.getByRole('main').getByRole('link', { name: /\(PDF, \d+ (KB|bytes)\)/ });
  await expect(links).toHaveCount(4);
  for (const [i, name] of names.entries()) {
    const link = links.nth(i);
    await expect(link).toContainText(name);
    const href = await link.getAttribute('href');
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    expect(text).toContain(site.name);
    expect(text).toContain(name);
  }
  const contact = page.getByText('Questions about a form').getByRole('link', { name: 'Contact Us' });
  await expect(contact).toHaveAttribute('href', '/help');
});

test('@phone help menu and FAQ work on a phone', async ({ page }) => {
  await page.goto('/help/faq');
  await expect(
    page.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'FAQs' }),
  ).toBeVisible();
  await question(page, 'How do I become a VIP member?').locator('summary').click();
  await expect(page.getByText(/registration number and the secondary/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
});
