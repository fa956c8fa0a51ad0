import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_TIME_ZONE, chainDay, isCalendarDate, isRealDate, utcDayStart } from './dates.ts';

describe('isRealDate', () => {
  it.each([
    ['2028-02-29', true], // a leap year
    ['2026-02-28', true],
    ['2000-02-29', true], // divisible by 400
    ['2026-12-31', true],
    ['2026-02-29', false], // not a leap year
    ['1900-02-29', false], // divisible by 100
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false], // no 13th month
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-05', false], // written YYYY-MM-DD only
    ['2026-01-05T00:00', false],
    [' 2026-01-05', false],
    ['', false],
    ['tomorrow', false],
  ])('%j is %s', (value, real) => {
    expect(isRealDate(value)).toBe(real);
  });
});

describe('isCalendarDate', () => {
  it.each([
    [2028, 2, 29, true],
    [2026, 2, 29, false],
    [2026, 13, 1, false],
    [2026, 0, 1, false],
    [2026, 6, 31, false],
    [50, 1, 1, true], // a year below 100 stays that year
  ])('%i-%i-%i is %s', (year, month, day, real) => {
    expect(isCalendarDate(year, month, day)).toBe(real);
  });
});

describe('utcDayStart', () => {
  it('is the start of a real day in UTC, and undefined for anything else', () => {
    expect(utcDayStart('2026-11-01')).toBe(Date.UTC(2026, 10, 1));
    expect(utcDayStart('2026-02-29')).toBeUndefined();
    expect(utcDayStart('11/01/2026')).toBeUndefined();
  });
});

describe('chainDay', () => {
  it('counts days in New York', () => {
    expect(CHAIN_TIME_ZONE).toBe('America/New_York');
  });

  it.each([
    // Winter (UTC-5): New York midnight is 05:00 UTC.
    ['2026-01-15T04:59:59Z', '2026-01-14'],
    ['2026-01-15T05:00:00Z', '2026-01-15'],
    // Summer (UTC-4): New York midnight is 04:00 UTC.
    ['2026-07-04T03:59:59Z', '2026-07-03'],
    ['2026-07-04T04:00:00Z', '2026-07-04'],
    // Clocks go forward on 2026-03-08 at 02:00 (07:00 UTC): that day's midnight is still UTC-5,
    // the next one UTC-4.
    ['2026-03-08T04:59:00Z', '2026-03-07'],
    ['2026-03-08T05:00:00Z', '2026-03-08'],
    ['2026-03-08T07:30:00Z', '2026-03-08'],
    ['2026-03-09T03:59:00Z', '2026-03-08'],
    ['2026-03-09T04:00:00Z', '2026-03-09'],
    // Clocks go back on 2026-11-01 at 02:00 (06:00 UTC): that day's midnight is UTC-4, the next UTC-5.
    ['2026-11-01T03:59:00Z', '2026-10-31'],
    ['2026-11-01T04:00:00Z', '2026-11-01'],
    ['2026-11-02T04:59:00Z', '2026-11-01'],
    ['2026-11-02T05:00:00Z', '2026-11-02'],
    // New Year in New York, while it is already the next day in UTC.
    ['2027-01-01T04:59:59Z', '2026-12-31'],
  ])('%s is %s', (instant, day) => {
    expect(chainDay(Date.parse(instant))).toBe(day);
  });

  it('answers each instant of a minute alike, and the next minute anew', () => {
    // The memo of one minute must not leak into the next (midnight falls on a whole minute).
    const midnight = Date.parse('2026-01-15T05:00:00Z');
    expect(chainDay(midnight - 1)).toBe('2026-01-14');
    expect(chainDay(midnight - 60_000)).toBe('2026-01-14');
    expect(chainDay(midnight)).toBe('2026-01-15');
    expect(chainDay(midnight + 59_999)).toBe('2026-01-15');
    expect(chainDay(midnight - 1)).toBe('2026-01-14');
  });
});

describe('the time-zone formatter', () => {
  afterEach(() => vi.restoreAllMocks());

  // Loading a zone's data is slow on a phone; the islands that only check dates must not pay it.
  it('is made when chainDay first needs it, not when the module is imported', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const dates = await import('./dates.ts');
    expect(made).not.toHaveBeenCalled();
    expect(dates.chainDay(Date.UTC(2026, 0, 5, 12))).toBe('2026-01-05');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
