// Past Entries (product.md 2.6, a real list: docs/architecture.md, departures): the answer of GET /me/entries made ready to show.
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';

export interface Entry {
  id: string;
  promotion: string;
  entered_at: string;
}

// Entries count per day in the chain's own time zone (one entry a day), so dates are shown there too.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: CHAIN_TIME_ZONE });

/** 'Jun 3, 2026' for an ISO time or epoch ms; anything unreadable is shown as given. */
export function formatEntryDate(value: string | number): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date);
}

/** Newest first, whatever order the server used. */
export const sortEntries = (entries: readonly Entry[]): Entry[] =>
  [...entries].sort((a, b) => new Date(b.entered_at).getTime() - new Date(a.entered_at).getTime());
