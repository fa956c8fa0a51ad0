// The recruiting assistant (product.md 2.1): on /careers only, once the page is usable. The tests run
// the server with RECRUITING_ASSISTANT=local (playwright.config.ts), so /careers opens the local
// stand-in; a build with PUBLIC_RECRUITING_SCRIPT_URL would add that script instead.
import { expect, type Page, test } from '@playwright/test';
import { STAND_IN_TEXTS } from '../../src/features/recruiting/texts.ts';
import { site } from '../../src/site.config.ts';
import { expectNoAxeViolations } from './axe.ts';

/** What the page asked about or for the assistant, in order. */
function assistantRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/recruiting-assistant|RecruitingAssistant|\/stand-in\./.test(url)) seen.push(url);
    if (site.recruitingScriptUrl && url === site.recruitingScriptUrl) seen.push(url);
  });
  return seen;
}

test('/careers opens the assistant once the page has loaded: the marked stand-in, with its questions panel', async ({
  page,
}) => {
  test.skip(Boolean(site.recruitingScriptUrl), 'this build has the real assistant');
  const seen = assistantRequests(page);
  let loadedBeforeAsking = false;
  await page.route('**/api/v1/recruiting-assistant/config', async (route) => {
    loadedBeforeAsking = await page.evaluate(() => document.readyState === 'complete');
    await route.continue();
  });
  await page.goto('/careers');
  await expect(page.getByRole('heading', { level: 2, name: 'How to apply' })).toBeVisible();
  const open = page.getByRole('button', { name: STAND_IN_TEXTS.open });
  await expect(open).toBeVisible();
  expect(loadedBeforeAsking).toBe(true);
  expect(seen.some((url) => url.includes('/api/v1/recruiting-assistant/config'))).toBe(true);

  await open.click();
  const panel = page.getByRole('region', { name: STAND_IN_TEXTS.heading });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(STAND_IN_TEXTS.marker)).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();
});

test('no other page asks for the assistant or shows it', async ({ page }) => {
  const seen = assistantRequests(page);
  for (const path of ['/', '/fueling-discovery', '/help', '/news']) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await expect(page.getByRole('button', { name: STAND_IN_TEXTS.open })).toHaveCount(0);
  }
  expect(seen).toEqual([]);
  // The same watch sees it on the page that has it.
  await page.goto('/careers');
  await expect(page.getByRole('button', { name: STAND_IN_TEXTS.open })).toBeVisible();
  expect(seen.length).toBeGreaterThan(0);
});

test("only /careers's CSP allows the assistant's host, and only when one is configured", async ({
  request,
}) => {
  const host = site.recruitingScriptUrl ? new URL(site.recruitingScriptUrl).origin : undefined;
  const scriptOrigins = async (path: string) => {
    const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    return scriptSrc.split(/\s+/).filter((token) => /^https?:/.test(token));
  };
  // The stand-in is this site's own code: /careers needs no third-party origin for it.
  expect(await scriptOrigins('/careers')).toEqual(host ? [host] : []);
  for (const path of ['/', '/news', '/charities']) expect(await scriptOrigins(path)).toEqual([]);
});
