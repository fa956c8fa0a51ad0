// Who an entrant is and which day an entry counts for, without dependencies, so that the server,
// the operator commands and the sample-data seeder (run by plain Node) share one definition.

/** Entry days are calendar days where the chain is: one entry per person per day (SPEC 9). */
export const GIVEAWAY_TIME_ZONE = 'America/New_York';

/** One person: the address lower-cased, without a +tag ('Ann+win@x.com' is 'ann@x.com'). */
export function personKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0];
  return `${local}${address.slice(at)}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: GIVEAWAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const MINUTE = 60_000;
let memo = { minute: Number.NaN, day: '' };

/** The New York calendar date (YYYY-MM-DD) of an instant. */
export function entryDay(epochMs: number): string {
  // Days change on a whole minute in every offset New York uses, so one answer serves a minute;
  // formatting is the slow part of an entry otherwise.
  const minute = Math.floor(epochMs / MINUTE);
  if (minute === memo.minute) return memo.day;
  const parts = Object.fromEntries(dayFormat.formatToParts(epochMs).map((part) => [part.type, part.value]));
  memo = { minute, day: `${parts.year}-${parts.month}-${parts.day}` };
  return memo.day;
}

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
