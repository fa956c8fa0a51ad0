// What a store page (/stores/{number}) shows that changes by the minute, filled in by its script: a
// CDN keeps the page's HTML until the stores change or a deploy, so its prices and 'Open now' would
// outlive their truth. The prices come from the one prices answer (GET /api/v1/store-prices, kept at
// the CDN and purged on each price change), the status from the hours in the page and the clock
// (docs/decisions/0018-edge-holds-the-day.md). Without JavaScript the page links to its prices.
import { publicApi, read } from '../../lib/api-client.ts';
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';
import { openStatus, parseHours } from './hours.ts';
import { formatPrice, PRICES_FAILED, type StorePrices } from './locator.ts';

const asOf = (at: number | null, timeZone: string) =>
  at === null
    ? ''
    : `, as of ${new Date(at).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' })}`;

/** The price lines of a store page, as the server rendered them before prices left the HTML. */
export function priceLines(prices: StorePrices, timeZone: string): string[] {
  return [
    `Gas: ${formatPrice(prices.gas_price)}${asOf(prices.gas_price_at, timeZone)}`,
    `Diesel: ${formatPrice(prices.diesel_price)}${prices.diesel_price === null ? '' : asOf(prices.diesel_price_at, timeZone)}`,
  ];
}

/** Fills in the page's status line and prices (elements marked data-store-status and data-store-prices). */
export async function fillStorePage(root: ParentNode, now = Date.now()): Promise<void> {
  const page = root.querySelector<HTMLElement>('[data-store]');
  if (!page) return;
  const { store = '', hours = '', timeZone = CHAIN_TIME_ZONE } = page.dataset;
  const status = root.querySelector<HTMLElement>('[data-store-status]');
  if (status) {
    try {
      status.textContent = openStatus(parseHours(hours), now, timeZone);
    } catch {
      status.textContent = '';
    }
    status.hidden = status.textContent === '';
  }
  const list = root.querySelector<HTMLElement>('[data-store-prices]');
  if (!list) return;
  let lines = [PRICES_FAILED];
  try {
    const { prices } = await read(publicApi['store-prices'].$get());
    const mine = prices[store];
    if (mine) lines = priceLines(mine, timeZone);
  } catch (error) {
    console.error('[store page] the prices could not load:', error);
  }
  list.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }),
  );
}
