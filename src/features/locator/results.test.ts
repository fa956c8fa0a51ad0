import { describe, expect, it } from 'vitest';
import { countText, fetchedText, SHOWN, toggled } from './results.ts';

describe('locator results', () => {
  it('counts the stores, and says when only the nearest are listed', () => {
    expect(countText(1)).toBe('1 store');
    expect(countText(7)).toBe('7 stores');
    expect(countText(SHOWN)).toBe(`${SHOWN} stores`);
    expect(countText(612)).toBe(`The ${SHOWN} nearest of 612 stores`);
  });

  it('adds a filter that is off and removes one that is on, keeping the order', () => {
    expect(toggled(['Diesel'], 'Cafe')).toEqual(['Diesel', 'Cafe']);
    expect(toggled(['Diesel', 'Cafe', 'ATM'], 'Cafe')).toEqual(['Diesel', 'ATM']);
  });

  it('writes the time an offline list was fetched', () => {
    expect(fetchedText(Date.UTC(2026, 4, 1, 12))).toMatch(/^May 1, 2026, \d{1,2}:\d{2} [AP]M$/);
  });
});
