import { describe, expect, it } from 'vitest';
import { embedUrl } from './video';

describe('video embed address', () => {
  it('joins the configured base and the id, and autoplays after the click', () => {
    expect(embedUrl('https://www.youtube-nocookie.com/embed/', 'abc123')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0',
    );
  });

  it('adds a missing slash and encodes the id', () => {
    expect(embedUrl('https://video.example/embed', 'a b/c')).toBe(
      'https://video.example/embed/a%20b%2Fc?autoplay=1&rel=0',
    );
  });
});
