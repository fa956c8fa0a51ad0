// The human check in a real browser (the sign-up form carries it). The build does not choose the
// check: the widget shows whatever GET /api/v1/human-check/config answers (this server: local).
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** Astro drops the `ssr` attribute of an island once React has hydrated it. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
/**
 * The check starts when the visitor gets near it, at the end of the form (on a phone, below the
 * first screen): as a visitor does, go down to the Sign Up button.
 */
async function reachTheCheck(page: Page) {
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign Up' }).scrollIntoViewIfNeeded();
}

test('the stand-in check says Verified once the server has issued a token, and passes axe', async ({
  page,
}) => {
  await page.goto('/account/register');
  await reachTheCheck(page);
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await expect(page.getByText('Stand-in security check for development')).toBeVisible();
  const issued = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/human-check/local') && r.status() === 200,
  );
  // The box is ticked once the server has answered, so click rather than check().
  await robot.click();
  await issued;
  await expect(robot).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
  await robot.click();
  await expect(robot).not.toBeChecked();
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, { include: '.human-check' });
});

test('when the check cannot reach the server it says so @phone', async ({ page }) => {
  await page.route('**/api/v1/human-check/local', (route) => route.abort('internetdisconnected'));
  await page.goto('/account/register');
  await reachTheCheck(page);
  const robot = page.getByRole('checkbox', { name: 'I am not a robot' });
  await robot.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The security check could not load.' })).toHaveText(
    'The security check could not load. Check your connection and try again.',
  );
  await expect(robot).not.toBeChecked();
});

test('the widget follows the server: Turnstile with the site key the server gives', async ({ page }) => {
  await page.route('**/api/v1/human-check/config', (route) =>
    route.fulfill({ json: { mode: 'turnstile', site_key: 'site-key-from-server' } }),
  );
  // An offline stand-in for Cloudflare's script that shows what it was asked to render.
  await page.route('https://challenges.cloudflare.com/turnstile/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.turnstile = {
        render(slot, options) {
          slot.textContent = 'Turnstile ' + options.sitekey + ' for ' + options.action;
          return 'widget-1';
        },
        remove() {},
      };`,
    }),
  );
  await page.goto('/account/register');
  await reachTheCheck(page);
  await expect(page.getByText('Turnstile site-key-from-server for register')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toHaveCount(0);
  await expect(page.getByText('Stand-in security check for development')).toBeHidden();
});

test('when the server has no check configured the form says so and offers no check @phone', async ({
  page,
}) => {
  const localRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/human-check/local')) localRequests.push(request.url());
  });
  await page.route('**/api/v1/human-check/config', (route) =>
    route.fulfill({ json: { mode: 'unavailable' } }),
  );
  await page.goto('/account/register');
  await reachTheCheck(page);
  await expect(
    page.getByText('The security check is unavailable right now. Please try again later.'),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toHaveCount(0);
  await expectNoAxeViolations(page, { include: '.human-check' });
  expect(localRequests).toEqual([]);
});

test("on a long form the check's code and its question to the server wait until the visitor nears it", async ({
  page,
}) => {
  const configAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/human-check/config')) configAsked.push(request.url());
  });
  await page.goto('/frame/fleet-fueling');
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Company Name Embossed on Cards' }).fill('Acme Hauling');
  expect(configAsked).toEqual([]);
  const submit = page.getByRole('button', { name: 'Submit Form' });
  const top = () => submit.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  const before = await top();
  await submit.scrollIntoViewIfNeeded();
  await expect(page.getByText('Stand-in security check for development')).toBeVisible();
  expect(configAsked).toHaveLength(1);
  // Its room was kept: the button did not move under the visitor's finger when the check showed.
  expect(await top()).toBe(before);
});
