import { describe, expect, it } from 'vitest';
import { nextTabIndex } from './tabs.ts';

describe('nextTabIndex', () => {
  it('moves with the arrow keys and wraps around', () => {
    expect(nextTabIndex('ArrowRight', 0, 4)).toBe(1);
    expect(nextTabIndex('ArrowRight', 3, 4)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(nextTabIndex('ArrowDown', 1, 4)).toBe(2);
    expect(nextTabIndex('ArrowUp', 2, 4)).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
  });

  it('ignores other keys', () => {
    expect(nextTabIndex('Enter', 1, 4)).toBeUndefined();
    expect(nextTabIndex('a', 1, 4)).toBeUndefined();
  });
});
