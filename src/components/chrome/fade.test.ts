import { describe, expect, it } from 'vitest';
import { fadeOpacity } from './fade.ts';

describe('fadeOpacity', () => {
  it('is transparent at the top of the page and for odd inputs', () => {
    expect(fadeOpacity(0)).toBe(0);
    expect(fadeOpacity(-40)).toBe(0);
    expect(fadeOpacity(Number.NaN)).toBe(0);
  });

  it('moves in 50 px steps', () => {
    expect(fadeOpacity(49)).toBe(0);
    expect(fadeOpacity(50)).toBe(0.2);
    expect(fadeOpacity(99.5)).toBe(0.2);
    expect(fadeOpacity(100)).toBe(0.4);
    expect(fadeOpacity(150)).toBe(0.6);
    expect(fadeOpacity(249)).toBe(0.8);
  });

  it('is fully green from 250 px on', () => {
    expect(fadeOpacity(250)).toBe(1);
    expect(fadeOpacity(10_000)).toBe(1);
  });
});
