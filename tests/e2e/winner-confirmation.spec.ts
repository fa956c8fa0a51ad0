// A potential winner confirms or declines a prize from the mailed link (product.md 2.12), and
// Previous Winners shows confirmed winners only. The draw is made in the test server's database
// with the draw's own code; the browser opens the links a winner mail carries.
import { expect, test } from '@playwright/test';
import { CONFIRMATION_MESSAGES } from '../../src/features/giveaway/confirmation.ts';
import { commitDraw, completeDraw } from '../../src/features/giveaway/draws.server.ts';
import { entryValues, insertEntry } from '../../src/features/giveaway/giveaway.sample.ts';
import { createPromotion } from '../../src/features/giveaway/promotions.server.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { expectNoAxeViolations, hydrated } from './account-helpers.ts';

const TITLE = `Confirmation Giveaway ${Date.now()}`;

/** A finished promotion with two drawn winners; answers their link paths and first names. */
async function drawTwo() {
  const handle = openDatabase({
    dataDir: process.env.E2E_DATA_DIR ?? '',
    databaseUrl: process.env.DATABASE_URL,
  });
  try {
    const deps = { db: handle.db, now: () => Date.now() };
    const promotion = await createPromotion(deps, {
      title: TITLE,
      prize: '$50 gift card',
      prize_value_cents: 5000,
      starts_on: '2025-01-01',
      ends_on: '2025-01-31',
      draw_on: '2025-02-03',
      winners_count: 2,
      confirm_days: 7,
    });
    const at = Date.parse('2025-01-10T15:00:00Z');
    await insertEntry(handle.db, promotion.id, entryValues('ona@example.com', { first_name: 'Ona' }), at);
    await insertEntry(
      handle.db,
      promotion.id,
      entryValues('ted@example.com', { first_name: 'Ted', phone: '8145550999', address_1: '5 Pine St' }),
      at,
    );
    const { draw, seed, entries } = await commitDraw(deps, { promotion, day: null, winners: 2 });
    const winners = await completeDraw(deps, promotion, draw, seed, entries);
    return winners.map((winner) => ({
      path: `/giveaway/confirm?winner_token=${encodeURIComponent(winner.token)}`,
      name: winner.entry.first_name,
    }));
  } finally {
    await handle.close();
  }
}

test('a winner confirms from the link, another declines; Previous Winners lists the confirmed one only', async ({
  page,
}) => {
  const [first, second] = await drawTwo();
  if (!first || !second) throw new Error('two winners expected');

  await page.goto(first.path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Prize' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `Congratulations, ${first.name}!` }),
  ).toBeVisible();
  await expect(
    page.getByText(`You were drawn as a winner of the ${TITLE}. Your prize: $50 gift card.`),
  ).toBeVisible();
  // The token is out of the address bar before anything else happens.
  expect(page.url()).not.toContain('winner_token');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my prize' }).click();
  await expect(page.getByRole('status')).toHaveText(CONFIRMATION_MESSAGES.confirmed);

  await page.goto(second.path);
  await hydrated(page);
  await page.getByRole('button', { name: 'Decline the prize' }).click();
  await expect(page.getByRole('status')).toHaveText(CONFIRMATION_MESSAGES.declined);
  // Used once: the same link again is refused.
  await page.goto(second.path);
  await expect(page.getByRole('alert')).toHaveText(CONFIRMATION_MESSAGES.invalid);

  await page.goto('/account/winners');
  const group = page.getByRole('region', { name: TITLE }).getByRole('listitem');
  await expect(group).toHaveCount(1);
  await expect(group.first()).toHaveText(new RegExp(`^${first.name} M\\., Warren, PA: \\$50 gift card$`));
});
