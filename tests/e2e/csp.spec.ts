// The Content-Security-Policy is strict (hashes only, no 'unsafe-inline'): a script, style or frame
// it blocks is a broken feature that no other test may notice. Every kind of page is loaded and
// used a little, signed out and signed in, and must report no violation.
import { expect, type Page, test } from '@playwright/test';

const pages = [
  '/',
  '/news',
  '/win',
  '/gift-cards-balance',
  '/help',
  '/help/faq',
  '/help/forms',
  '/frame/charge-card',
  '/stores',
  '/stores/1',
  '/account/login',
  '/account/register',
  '/account/forgot-password',
  '/does-not-exist',
];

async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
  return violations;
}

test('no page breaks its Content-Security-Policy, signed out', async ({ page }) => {
  const violations = await collectViolations(page);
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  // The locator's map (worker, styles, markers) and its modal.
  await page.goto('/stores');
  await expect(page.locator('[data-loaded="true"]')).toBeAttached({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Store #2,/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  // Open a menu and an FAQ answer, so their scripts and styles run too.
  await page.goto('/help/faq');
  await page.getByRole('group').first().locator('summary').first().click();
  expect(violations).toEqual([]);
});

test('no page breaks its Content-Security-Policy, signed in', async ({ page }) => {
  const violations = await collectViolations(page);
  await page.addInitScript(() => {
    localStorage.setItem('token', 'csp-test-token');
    localStorage.setItem('user_id', 'u1');
    localStorage.setItem('first_name', 'Pat');
  });
  for (const path of ['/', '/news', '/win', '/account/login']) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  expect(violations).toEqual([]);
});

test('the policy forbids inline scripts that were not hashed', async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto('/news');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  // One report per policy that blocks it: the header and the page's meta tag carry the same one.
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(new Set(violations).size).toBe(1);
  const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain("'unsafe-inline'");
  expect(policy).toContain("object-src 'none'");
});
