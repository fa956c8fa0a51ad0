import { describe, expect, it } from 'vitest';
import { embedUrl, videoKind } from './video.ts';

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

describe('videoKind', () => {
  it('plays a self-hosted MP4 under /media in the browser', () => {
    expect(videoKind({ src: '/media/home/hero.mp4' })).toBe('file');
  });

  it('embeds a well-formed YouTube id', () => {
    expect(videoKind({ youtube: 'dQw4w9WgXcQ' })).toBe('embed');
  });

  it('shows only the poster without a usable source', () => {
    expect(videoKind({})).toBe('poster');
    expect(videoKind({ src: 'https://elsewhere.example/clip.mp4' })).toBe('poster');
    expect(videoKind({ youtube: 'not an id' })).toBe('poster');
  });
});
