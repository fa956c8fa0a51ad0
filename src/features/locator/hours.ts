// Opening hours: '24 hours', or weekly ranges such as 'Mo-Fr 06:00-22:00; Sa,Su 07:00-01:00'
// (a closing time at or before the opening time runs past midnight). Days not named are closed.
// Whether a store is open is decided in the store's own time zone, whatever the visitor's clock.

export const DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const ALL_DAY = '24 hours';

/** Minutes after midnight; `close` may be <= `open` (past midnight). Index = day (0 Sunday). */
export interface Range {
  open: number;
  close: number;
}
export type Week = 'always' | (Range | null)[];

const RANGE = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;
const minutes = (h: string, m: string) => Number(h) * 60 + Number(m);

/** Parses hours text; throws an Error saying what is wrong (import reports it with the line). */
export function parseHours(text: string): Week {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === ALL_DAY) return 'always';
  const week: (Range | null)[] = [null, null, null, null, null, null, null];
  if (trimmed === '') return week;
  for (const part of trimmed.split(';')) {
    const [days = '', span = ''] = part.trim().split(/\s+/);
    const time = RANGE.exec(span);
    if (!time)
      throw new Error(`hours '${part.trim()}': expected days and HH:MM-HH:MM, e.g. Mo-Fr 06:00-22:00`);
    const [, oh = '', om = '', ch = '', cm = ''] = time;
    const range = { open: minutes(oh, om), close: minutes(ch, cm) };
    if (Number(oh) > 23 || Number(ch) > 24 || Number(om) > 59 || Number(cm) > 59 || range.close > 24 * 60) {
      throw new Error(`hours '${part.trim()}': not a time of day`);
    }
    for (const day of expandDays(days)) week[day] = range;
  }
  return week;
}

function expandDays(text: string): number[] {
  const out: number[] = [];
  for (const piece of text.split(',')) {
    const [from, to] = piece.split('-');
    const start = DAYS.indexOf(from as (typeof DAYS)[number]);
    const end = to === undefined ? start : DAYS.indexOf(to as (typeof DAYS)[number]);
    if (start < 0 || end < 0) throw new Error(`hours: unknown day '${piece}' (use Su Mo Tu We Th Fr Sa)`);
    for (let d = start; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === end) break;
    }
  }
  return out;
}

/** The weekday (0 Sunday) and minute of day of an instant in a time zone. */
export function localTime(at: number, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

export const clock = (minute: number): string => {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

const overnight = (r: Range) => r.close <= r.open;

/** 'Open now', or 'Closed, opens at 6:00 AM' (+ ' tomorrow' or ' on Monday'); '' when hours are unknown. */
export function openStatus(week: Week, at: number, timeZone: string): string {
  if (week === 'always') return 'Open now';
  const { day, minute } = localTime(at, timeZone);
  const today = week[day];
  const yesterday = week[(day + 6) % 7];
  if (yesterday && overnight(yesterday) && minute < yesterday.close) return 'Open now';
  if (today && minute >= today.open && (overnight(today) || minute < today.close)) return 'Open now';
  if (today && minute < today.open) return `Closed, opens at ${clock(today.open)}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = week[(day + ahead) % 7];
    if (!next) continue;
    const when = ahead === 1 ? ' tomorrow' : ` on ${DAY_NAMES[(day + ahead) % 7]}`;
    return `Closed, opens at ${clock(next.open)}${when}`;
  }
  return week.every((r) => r === null) ? '' : 'Closed';
}

/** One line per day for the store page: 'Monday: 6:00 AM to 10:00 PM' / 'Closed' / 'Open 24 hours'. */
export function weekLines(week: Week): { day: string; text: string }[] {
  return DAY_NAMES.map((day, i) => {
    if (week === 'always') return { day, text: 'Open 24 hours' };
    const range = week[i];
    return { day, text: range ? `${clock(range.open)} to ${clock(range.close)}` : 'Closed' };
  });
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** schema.org openingHoursSpecification entries (closing before opening means the next day). */
export function openingHoursSpecification(week: Week) {
  const all = DAY_NAMES.map((_, i) => (week === 'always' ? { open: 0, close: 24 * 60 - 1 } : week[i]));
  return all.flatMap((range, i) =>
    range
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${DAY_NAMES[i]}`,
            opens: hhmm(range.open),
            closes: hhmm(range.close),
          },
        ]
      : [],
  );
}
