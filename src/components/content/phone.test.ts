import { describe, expect, it } from 'vitest';
import { telHref } from './phone.ts';

describe('telHref', () => {
  it('dials a toll-free number with the country code', () => {
    expect(telHref('1-800-443-3440')).toBe('tel:+18004433440');
  });

  it('adds the country code to a ten-digit number', () => {
    expect(telHref('(814) 555-0100')).toBe('tel:+18145550100');
  });
});
