// Calendar days as the chain keeps them: written YYYY-MM-DD, counted in the chain's own time zone
// (offers start and end on store days; a giveaway entry counts for a New York day). Without
// dependencies, so the server, the islands, the operator commands and the sample-data seeders
// (run by plain Node, hence the `.ts` extensions where this is imported natively) share it.

/** Where the chain is: its days start and end at New York midnight. */
export const CHAIN_TIME_ZONE = 'America/New_York';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the year, month (1-12) and day make a date of the calendar (no February 30th). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date written YYYY-MM-DD that exists: 2028-02-29 yes, 2026-02-29 and 2026-13-01 no. */
export function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Epoch ms of a real YYYY-MM-DD day's start in UTC; undefined for anything else. */
export const utcDayStart = (value: string): number | undefined =>
  isRealDate(value) ? Date.parse(`${value}T00:00:00Z`) : undefined;

// Made on first use, not on import: a formatter with a time zone loads the zone data, tens of
// milliseconds on a phone, which every island importing isCalendarDate paid at hydration.
let dayFormat: Intl.DateTimeFormat | undefined;

const MINUTE = 60_000;
let memo = { minute: Number.NaN, day: '' };

/** The chain's calendar date (YYYY-MM-DD, New York) of an instant. */
export function chainDay(epochMs: number): string {
  // Days change on a whole minute in every offset New York uses, so one answer serves a minute;
  // formatting is the slow part of a giveaway entry otherwise.
  const minute = Math.floor(epochMs / MINUTE);
  if (minute === memo.minute) return memo.day;
  dayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CHAIN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(dayFormat.formatToParts(epochMs).map((part) => [part.type, part.value]));
  memo = { minute, day: `${parts.year}-${parts.month}-${parts.day}` };
  return memo.day;
}
