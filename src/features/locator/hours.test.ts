import { describe, expect, test } from 'vitest';
import { openingHoursSpecification, openStatus, parseHours, weekLines } from './hours.ts';

const NY = 'America/New_York';
// 2026-05-04 is a Monday; EDT is UTC-4.
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 4, 3 + day, hour + 4, minute);

describe('parsing', () => {
  test('24 hours, ranges, lists and wrap-around day ranges', () => {
    expect(parseHours('24 Hours')).toBe('always');
    const week = parseHours('Mo-Fr 06:00-22:00; Sa,Su 07:00-01:00');
    expect(week).not.toBe('always');
    if (week === 'always') return;
    expect(week[1]).toEqual({ open: 360, close: 1320 });
    expect(week[0]).toEqual({ open: 420, close: 60 });
    expect((parseHours('Fr-Mo 08:00-12:00') as unknown[]).filter(Boolean)).toHaveLength(4);
  });
  test.each(['Mo 6-22', 'Xx 06:00-22:00', 'Mo 25:00-26:00', 'Mo 06:00-22:61'])('%s is refused', (text) => {
    expect(() => parseHours(text)).toThrow(/hours/);
  });
});

describe('open now, in the store time zone', () => {
  const daily = parseHours('Mo-Su 06:00-22:00');
  test('inside and outside the day range', () => {
    expect(openStatus(daily, at(1, 12), NY)).toBe('Open now');
    expect(openStatus(daily, at(1, 5, 59), NY)).toBe('Closed, opens at 6:00 AM');
    expect(openStatus(daily, at(1, 22), NY)).toBe('Closed, opens at 6:00 AM tomorrow');
  });
  test('across midnight: open after midnight on the next calendar day, closed at closing time', () => {
    const late = parseHours('Fr-Sa 07:00-02:00');
    expect(openStatus(late, at(5, 23, 30), NY)).toBe('Open now');
    expect(openStatus(late, at(6, 1, 30), NY)).toBe('Open now'); // Saturday 1:30, still Friday's hours
    expect(openStatus(late, at(0, 1, 59), NY)).toBe('Open now'); // Sunday 1:59, Saturday's hours
    expect(openStatus(late, at(0, 2), NY)).toBe('Closed, opens at 7:00 AM on Friday');
  });
  test('the visitor time zone does not matter; the store one does', () => {
    // 12:30 UTC on Monday is 8:30 AM in New York but 5:30 AM in Los Angeles.
    const instant = Date.UTC(2026, 4, 4, 12, 30);
    expect(openStatus(daily, instant, NY)).toBe('Open now');
    expect(openStatus(daily, instant, 'America/Los_Angeles')).toBe('Closed, opens at 6:00 AM');
  });
  test('24 hours is always open; no hours says nothing', () => {
    expect(openStatus('always', at(3, 3), NY)).toBe('Open now');
    expect(openStatus(parseHours(''), at(3, 3), NY)).toBe('');
  });
});

test('store page lines and schema.org hours', () => {
  const week = parseHours('Mo-Sa 06:00-22:00');
  expect(weekLines(week)[0]).toEqual({ day: 'Sunday', text: 'Closed' });
  expect(weekLines(week)[1]).toEqual({ day: 'Monday', text: '6:00 AM to 10:00 PM' });
  expect(openingHoursSpecification(week)).toHaveLength(6);
  expect(openingHoursSpecification('always')[0]).toMatchObject({ opens: '00:00', closes: '23:59' });
});
