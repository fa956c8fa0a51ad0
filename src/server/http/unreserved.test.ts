import { describe, expect, it } from 'vitest';
import { withUnreservedDecoded } from './unreserved.ts';

describe('withUnreservedDecoded', () => {
  it.each([
    ['/%61pi/v1/health', '/api/v1/health'],
    ['/%41%5A%61%7A%30%39%2D%2E%5F%7E', '/AZaz09-._~'],
    ['/%2e%2e/x', '/../x'], // dots are unreserved: the static server still refuses the climb
    ['/stores/%31', '/stores/1'],
  ])('%s is %s', (path, plain) => expect(withUnreservedDecoded(path)).toBe(plain));

  it.each(['/a%2Fb', '/a%3Fb', '/a%20b', '/a%ZZ', '/%', '/caf%C3%A9', '/%40'])(
    'leaves %s as it is (reserved, not ASCII, or broken)',
    (path) => expect(withUnreservedDecoded(path)).toBe(path),
  );
});
