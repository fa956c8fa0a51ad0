import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { chainDay } from '../../lib/dates.ts';
import { categoryFromSlug, filterOffers, offerInputSchema, readOffersAnswer, slugOf } from './offers.ts';

const item = (category: string) => ({
  id: category,
  image: '/x.svg',
  price: '$1',
  title: 't',
  description: 'd',
  category,
});

describe('offers', () => {
  it('All shows every offer; a pill only the offers of its category (product.md 4)', () => {
    const offers = [item('Bradley Street Cafe'), item('General Merchandise'), item("Charlie Biggs' Chicken")];
    expect(filterOffers(offers)).toHaveLength(3);
    expect(filterOffers(offers, 'General Merchandise')).toEqual([offers[1]]);
  });

  it('pill names and address values map both ways; an unknown value is All', () => {
    expect(categoryFromSlug('charlie-biggs-chicken')).toBe("Charlie Biggs' Chicken");
    expect(slugOf('Bradley Street Cafe')).toBe('bradley-street-cafe');
    expect(categoryFromSlug('nope')).toBeUndefined();
    expect(categoryFromSlug(null)).toBeUndefined();
  });

  it('a failed answer or a false success flag gives nothing to show and is logged (product.md 8)', () => {
    const log = vi.fn();
    expect(readOffersAnswer({ success: false, items: [item('General Merchandise')] }, log)).toBeNull();
    expect(readOffersAnswer(undefined, log)).toBeNull();
    expect(readOffersAnswer({ success: true }, log)).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
    expect(
      readOffersAnswer({ success: true, items: [item('General Merchandise'), { id: 1 }] }, log),
    ).toHaveLength(1);
  });

  it('the store day is New York time', () => {
    expect(chainDay(Date.UTC(2026, 4, 2, 3, 30))).toBe('2026-05-01');
    expect(chainDay(Date.UTC(2026, 4, 2, 4, 30))).toBe('2026-05-02');
  });

  it('an imported offer needs real dates in order, a known category and a whole display order', () => {
    const good = {
      title: 'Coffee',
      description: 'Any size',
      price: '$0.99',
      image: 'coffee.svg',
      category: 'Bradley Street Cafe',
      starts_on: '2026-05-01',
      ends_on: '2026-05-31',
      display_order: '3',
    };
    expect(v.parse(offerInputSchema, good).display_order).toBe(3);
    const message = (input: object) =>
      v.safeParse(offerInputSchema, { ...good, ...input }).issues?.[0]?.message;
    expect(message({ category: 'Cafe' })).toMatch(/^Category must be one of/);
    expect(message({ starts_on: '2026-02-30' })).toBe('Start date is not a real date');
    expect(message({ ends_on: '05/31/2026' })).toBe('End date must be a date written YYYY-MM-DD');
    expect(message({ ends_on: '2026-04-30' })).toBe('The end date is before the start date');
    expect(message({ display_order: '1.5' })).toBe('Display order must be a whole number');
    expect(message({ title: ' ' })).toBe('Title is required');
  });
});
