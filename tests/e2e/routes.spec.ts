// Every route of product.md 2.1's table answers with the right status and heading.
import { expect, test } from '@playwright/test';
import { DEFAULT_GIVEAWAY_TITLE } from '../../src/features/giveaway/promotion.ts';
import { expectNoAxeViolations } from './axe.ts';

const pages: [path: string, heading: string | RegExp][] = [
  ['/', DEFAULT_GIVEAWAY_TITLE],
  ['/help', 'Contact Us'],
  ['/help/faq', 'Frequently Asked Questions'],
  ['/help/forms', 'Card Services Forms'],
  ['/frame/charge-card', 'Charge Card'],
  ['/frame/fleet-fueling', 'Fleet Fueling'],
  ['/frame/test', 'Test Frame'],
  ['/specials', 'In-Store Offers'],
  ['/page/news', /\S/],
  ['/news', /\S/],
  ['/stores', 'Find a Store'],
  ['/stores/1', 'Store #1, Warren, PA'],
];

for (const [path, heading] of pages) {
  test(`${path} answers 200 with its heading`, async ({ page }) => {
    await page.route('**/api/v1/promotion**', (route) => route.abort());
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

test('an unknown path answers 404 with the catch-all screen', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  await expect(page.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
});

test('/contact-us, an address of the old site, redirects permanently to the contact form (product.md 2.8)', async ({
  page,
  request,
}) => {
  const answer = await request.get('/contact-us', { maxRedirects: 0 });
  expect([301, 308]).toContain(answer.status());
  expect(answer.headers().location).toBe('/help');
  await page.goto('/contact-us');
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});

test.describe('frame pages', () => {
  test('breadcrumb above the heading, and the application form region', async ({ page }) => {
    await page.goto('/frame/charge-card');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Cards', 'Charge Card']);
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    const crumbsBox = await crumbs.boundingBox();
    const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(crumbsBox && headingBox && crumbsBox.y < headingBox.y).toBe(true);
    await expect(page.locator('#application-form-region')).toHaveAttribute('data-form', 'charge-card');
    await expect(page.getByText(/sent securely/)).toBeVisible();
  });

  test('any other slug answers 404 (never kept) with a heading that is empty to the eye', async ({
    page,
  }) => {
    const response = await page.goto('/frame/anything');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toBe('no-store');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAccessibleName('Card application');
    const box = await heading.locator('span').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(page.locator('#application-form-region')).toHaveAttribute('data-form', 'anything');
  });

  test('the test variant shows its sample content', async ({ page }) => {
    await page.goto('/frame/test');
    await expect(page.getByRole('heading', { name: 'Sample embedded content' })).toBeVisible();
    await expect(page.locator('#application-form-region')).toHaveCount(0);
  });

  for (const slug of ['charge-card', 'fleet-fueling', 'anything', 'test']) {
    test(`axe finds no violations on /frame/${slug}`, async ({ page }) => {
      await page.goto(`/frame/${slug}`);
      await expectNoAxeViolations(page);
    });
  }
});

test('the catch-all screen passes axe', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expectNoAxeViolations(page);
});
