// Real-user speed (docs/metrics.md): a sampled visit measures LCP, INP and CLS and sends them to
// our own API when the visitor leaves the page (a keepalive request, which outlives the page and so
// is checked where it lands); the operators' report then shows the page. A visit
// that is not sampled loads no measuring code at all. Sampling is forced by stubbing Math.random.
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/admin.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `npm run admin -- vitals report` on the test server's data folder (yesterday to today, UTC). */
const report = () =>
  admin(['vitals', 'report', '--from', day(-1), '--to', day(0)], {
    ...process.env,
    DATA_DIR: process.env.E2E_DATA_DIR,
  });

const forceSampling = (page: Page, random: number) =>
  page.addInitScript((value) => {
    Math.random = () => value;
  }, random);

test('a sampled visit sends its Core Web Vitals on leaving the page, and the report shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Other tests' visits share this server and are sampled too: count this page's views before.
  const views = (text: string) =>
    Number(/\n\/charities\s+(\d+)\s+\d+ ms\s+(\d+ ms|-)\s+\d+\.\d{3}/.exec(text)?.[1] ?? 0);
  const before = views(await report());
  await forceSampling(page, 0);
  await page.goto('/charities?from=newsletter&email=someone%40example.com');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click(); // an interaction, for INP
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click(); // leaving the page
  await expect(page).toHaveURL(/\/help\/faq/);
  // The report (LCP and CLS at least; INP only when the click was slow enough to count) shows the
  // page by its path alone: the API refuses a path with a query, so this row proves it was cut off.
  await expect
    .poll(async () => views(await report()), { timeout: 60_000, intervals: [1000, 2000, 5000] })
    .toBeGreaterThan(before);
});

test('a visit that is not sampled loads no measuring code and sends nothing', async ({ page }) => {
  await forceSampling(page, 0.999);
  const extra: string[] = [];
  page.on('request', (r) => {
    if (/collect|web-vitals|\/api\/v1\/vitals/.test(r.url())) extra.push(r.url());
  });
  await page.goto('/charities');
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/help\/faq/);
  expect(extra).toEqual([]);
});
