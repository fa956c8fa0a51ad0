import { describe, expect, it } from 'vitest';
import { site } from '../../site.config';
import { embedUrl, homeVideos } from './videos';

describe('home videos', () => {
  it('has the four tabs of SPEC 2.5 in order, the second named after the brand', () => {
    expect(homeVideos.map((video) => video.label)).toEqual([
      'Fueling Discovery',
      site.name,
      'Gift Card',
      'Fleet Fueling',
    ]);
  });

  it('builds the player address from the configured embed base', () => {
    expect(embedUrl('abc_123-XY')).toBe(`${site.videoEmbedBase}abc_123-XY`);
  });
});
