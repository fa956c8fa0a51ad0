import { describe, expect, it } from 'vitest';
import { multipartFingerprint } from './idempotency-fingerprint.ts';

const body = (boundary: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${value}\r\n--${boundary}--\r\n`;

/** The fingerprint of `text` sent in chunks of `size` bytes. */
function print(boundary: string, text: string, size: number): string {
  const hash = multipartFingerprint(`multipart/form-data; boundary=${boundary}`);
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) hash.update(bytes.subarray(at, at + size));
  return hash.digest();
}

describe('the multipart fingerprint', () => {
  it('is the same for the same parts under any boundary and any chunking, and differs for other parts', () => {
    const first = print('----WebKitFormBoundaryAAAA', body('----WebKitFormBoundaryAAAA', 'hello'), 1000);
    for (const size of [1, 3, 7, 16]) {
      expect(print('----WebKitFormBoundaryBBBB', body('----WebKitFormBoundaryBBBB', 'hello'), size)).toBe(
        first,
      );
    }
    expect(print('----WebKitFormBoundaryBBBB', body('----WebKitFormBoundaryBBBB', 'hellO'), 5)).not.toBe(
      first,
    );
  });
});
