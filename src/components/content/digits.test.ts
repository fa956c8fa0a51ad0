import { describe, expect, it } from 'vitest';
import { digitsError, digitsOnly, strippedMessage } from './digits.ts';

describe('digits-only fields', () => {
  it('strips everything but 0-9', () => {
    expect(digitsOnly('1234-5678 9a')).toBe('123456789');
    expect(digitsOnly('٣4')).toBe('4');
    expect(digitsOnly('')).toBe('');
  });

  it('asks for a missing value', () => {
    expect(digitsError('Account number', '  ')).toBe('Enter your account number.');
    expect(digitsError('PIN', '')).toBe('Enter your PIN.');
  });

  it('says plainly when a non-digit slipped in', () => {
    expect(digitsError('PIN', '12a4')).toBe('PIN must contain digits only (0 to 9).');
    expect(digitsError('PIN', '1234')).toBe('');
  });

  it('explains removed characters', () => {
    expect(strippedMessage('PIN')).toBe('PIN takes digits only (0 to 9); other characters were removed.');
  });
});
