import { describe, expect, it } from 'vitest';
import { canonicalPath } from './cached-pages.ts';

describe('canonicalPath', () => {
  it('makes one key of every spelling of a path', () => {
    for (const [spelled, key] of [
      ['/', '/'],
      ['/stores/1', '/stores/1'],
      ['/stores/1/', '/stores/1'],
      ['/stores/1//', '/stores/1'],
      ['/stores/%31', '/stores/1'],
      ['/stores/%31/', '/stores/1'],
      ["/a_b-c.d!~*'()", "/a_b-c.d!~*'()"],
      ['/caf%C3%A9', '/caf%C3%A9'],
      ['/caf%c3%a9/', '/caf%C3%A9'],
      ['/a b', '/a%20b'],
      ['/a%2Fb', '/a%2Fb'],
      ['/é', '/%C3%A9'],
      ['//', '/'],
    ]) {
      expect(canonicalPath(spelled as string), spelled).toBe(key);
    }
  });

  it('keeps nothing under a broken %-encoding', () => {
    expect(canonicalPath('/stores/%ZZ')).toBeUndefined();
    expect(canonicalPath('/stores/%')).toBeUndefined();
  });
});
