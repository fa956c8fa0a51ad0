import { describe, expect, it } from 'vitest';
import { firstBrokenRule, passwordChecklist } from './password.ts';

describe('password checklist (product.md 5.2)', () => {
  it('lists the four rules with their exact texts', () => {
    expect(passwordChecklist('').map((rule) => rule.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
    ]);
  });

  it('marks each rule met or not as the visitor types', () => {
    expect(passwordChecklist('abc').map((rule) => rule.met)).toEqual([false, false, true, false]);
    expect(passwordChecklist('Abcdefg1').every((rule) => rule.met)).toBe(true);
    expect(firstBrokenRule('abcdefgh')).toBe('Password must contain at least one uppercase letter');
    expect(firstBrokenRule('ABCDEFGH1')).toBe('Password must contain at least one lowercase letter');
    expect(firstBrokenRule('Abcdefg1')).toBeNull();
  });
});
