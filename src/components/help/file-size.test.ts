import { describe, expect, it } from 'vitest';
import { formatFileSize, publicFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('uses bytes, KB and MB', () => {
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(3314)).toBe('3 KB');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
  });
});

describe('publicFileSize', () => {
  it('reads the size of a served file from public/', () => {
    expect(publicFileSize('/forms/transaction-dispute-form.pdf')).toBeGreaterThan(1000);
  });
});
