// An island whose code does not arrive (product.md 8 chunk load failure, product.md 9 120 s):
// the visitor sees a short message with Retry where the form is (src/inline/island-retry.js), the
// form's own submit cannot send its fields in the URL meanwhile, and Retry brings the form to life.
import { expect, type Page, type Route, test } from '@playwright/test';
import { SIGNATURE_GETTING_READY } from '../../src/features/applications/rules.ts';
import { NETWORK_MESSAGE } from '../../src/features/session/api.ts';
import { alertWith, expectNoAxeViolations, hydrated } from './account-helpers.ts';
import { draw, fillApplicant, pad, passHumanCheck, section } from './applications-helpers.ts';

const MESSAGE = "This part of the page didn't load. Check your connection, then try again.";
const loginChunk = /\/_astro\/LoginForm\.[\w-]+\.js(\?.*)?$/;
const retry = (page: Page) => page.getByRole('button', { name: 'Retry' });

async function signInFails(page: Page) {
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('Wrong1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a dropped connection: the message and Retry show where the form is, and Retry brings it to life', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.route(loginChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/account/login');
  const alert = alertWith(page, MESSAGE);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/Loading chunk LoginForm failed\.\s*\(error: \/_astro\/LoginForm\./);
  // The message stands right before the form it stands for.
  expect(
    await alert.evaluate((box) => box.nextElementSibling?.querySelector('form.account-form') !== null),
  ).toBe(true);
  // The dead form is taken out of use (no typing into a form that cannot send).
  await page.getByLabel('Email').click({ force: true });
  await expect(page.getByLabel('Email')).not.toBeFocused();
  await expectNoAxeViolations(page);

  await page.unroute(loginChunk);
  await retry(page).click();
  await hydrated(page);
  await expect(alert).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeFocused();
  await signInFails(page);
  await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
});

test('a chunk that never arrives counts as failed after 120 seconds (product.md 9); Retry loads it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const held: Route[] = [];
  await page.route(loginChunk, (route) => (held.length === 0 ? void held.push(route) : route.continue()));
  await page.clock.install();
  await page.goto('/account/login');
  await expect.poll(() => held.length).toBe(1);
  // While the code is on its way, the bare form never submits itself (that would put the password
  // in the URL); once the visitor is told, Retry starts from an empty form.
  await signInFails(page);
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.clock.fastForward(100_000); // the page itself took a few real seconds
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(0);
  await page.clock.fastForward(21_000);
  const alert = alertWith(page, MESSAGE);
  await expect(alert).toContainText(/Loading chunk LoginForm failed\.\s*\(timeout: \/_astro\/LoginForm\./);
  await retry(page).click();
  await hydrated(page);
  await expect(alert).toHaveCount(0);
  await signInFails(page);
  await expect(alertWith(page, 'Incorrect user name or password')).toBeVisible();
});

test('pages load their islands as usual: no message, and content pages carry no island retry script', async ({
  page,
}) => {
  await page.goto('/help');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  const html = await (await page.request.get('/charities')).text();
  expect(html).not.toContain('Loading chunk');
  expect(await (await page.request.get('/account/login')).text()).toContain('Loading chunk');
});

test.describe('the locator without its offline worker', () => {
  // /stores registers a service worker (public/stores-sw.js) that claims the page and fetches
  // /_astro/ files itself, where page.route cannot see them: on a busy machine it could take the page
  // before the map's code was asked for, and the map then loaded past the dropped route. A real weak
  // signal fails the worker's fetch too; the worker is not what this test is about.
  test.use({ serviceWorkers: 'block' });

  test("the locator's map code fails on a weak signal: the list stays, the map's place offers Retry", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const mapChunk = /\/_astro\/StoreMap\.[\w-]+\.js(\?.*)?$/;
    await page.route(mapChunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/stores');
    const results = page.getByRole('region', { name: 'Stores near you' });
    const map = page.getByRole('region', { name: 'Map of stores' });
    const alert = alertWith(page, MESSAGE);
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Loading chunk StoreMap failed.');
    await expect(results.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'City, state or ZIP code' })).toBeEditable();

    await page.unroute(mapChunk);
    await retry(page).click();
    await expect(map.locator('[data-loaded="true"]')).toBeAttached({ timeout: 20_000 });
    await expect(alert).toHaveCount(0);
  });
});

test("the signature pad's code fails: the form stays, the pad offers Retry, and then it draws", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const padChunk = /\/_astro\/signature_pad\.[\w-]+\.js(\?.*)?$/;
  await page.route(padChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/frame/charge-card');
  await hydrated(page);
  const signature = pad(section(page, /Section A/), 'Applicant signature');
  await signature.scrollIntoViewIfNeeded();
  const alert = alertWith(page, MESSAGE);
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Loading chunk SignaturePad failed.');
  await expect(signature).toHaveAccessibleDescription(new RegExp(SIGNATURE_GETTING_READY));
  await expect(page.getByLabel('First name').first()).toBeEditable();

  await page.unroute(padChunk);
  await retry(page).click();
  await expect(alert).toHaveCount(0);
  await draw(page, signature);
});

test("the security check's code fails: the form stays, the check offers Retry, and then it works", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const checkChunk = /\/_astro\/mount\.[\w-]+\.js(\?.*)?$/;
  await page.route(checkChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/frame/fleet-fueling');
  await hydrated(page);
  // At the end of the long form: its code waits until the visitor gets near it.
  await page.getByRole('button', { name: 'Submit Form' }).scrollIntoViewIfNeeded();
  const alert = alertWith(page, MESSAGE);
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Loading chunk HumanCheck failed.');
  await expect(page.getByLabel('Company Name Embossed on Cards')).toBeEditable();

  await page.unroute(checkChunk);
  await retry(page).click();
  await expect(alert).toHaveCount(0);
  const box = page.getByRole('checkbox', { name: 'I am not a robot' });
  await expect(box).toBeVisible();
  // The box is ticked once the server has issued the token: click rather than check().
  await box.click();
  await expect(box).toBeChecked();
});

test("the application's sending code fails to arrive: Submit says so, and the next Submit sends", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sendingChunk = /\/_astro\/submit\.[\w-]+\.js(\?.*)?$/;
  await page.route(sendingChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/frame/charge-card');
  await hydrated(page);
  const applicant = section(page, 'Section A: Applicant');
  await fillApplicant(page, applicant, 'a');
  // A person of its own: the other tests' applicant counts towards product.md's 3 attempts an hour.
  await applicant.getByLabel('Email').fill('sending-code@example.com');
  await page.getByRole('checkbox', { name: 'Mail', exact: true }).check();
  await passHumanCheck(page);
  const submit = page.getByRole('button', { name: 'Submit Form' });
  await submit.click();
  await expect(alertWith(page, NETWORK_MESSAGE)).toBeVisible();

  await page.unroute(sendingChunk);
  await passHumanCheck(page);
  await submit.click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible({ timeout: 15_000 });
});
