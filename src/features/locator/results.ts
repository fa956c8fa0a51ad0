// Pure pieces of the locator's state and view (useStoreLocator.ts, StoreLocator.tsx).

/** List entries shown at once (the map shows every match). */
export const SHOWN = 50;

/** The line above the list: 'The 50 nearest of 612 stores', '1 store', '7 stores'. */
export const countText = (count: number, shown = SHOWN): string =>
  count > shown ? `The ${shown} nearest of ${count} stores` : `${count} ${count === 1 ? 'store' : 'stores'}`;

/** The filters after a click on one: added when absent, removed when present, order kept. */
export const toggled = (filters: readonly string[], label: string): string[] =>
  filters.includes(label) ? filters.filter((filter) => filter !== label) : [...filters, label];

/** When an offline list was fetched, as the offline note says it. */
export const fetchedText = (at: number): string =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
