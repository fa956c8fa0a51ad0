import { describe, expect, it } from 'vitest';
import { readContent } from '../../../tests/support/content';
import { homeVideosSchema } from '../../content-schemas';
import { site } from '../../site.config';
import { embedUrl, homeVideosFrom } from './videos';

const homeVideos = homeVideosFrom(readContent('home-videos.yaml', homeVideosSchema).videos);

describe('home videos', () => {
  it('has the four tabs of SPEC 2.5 in order, the second named after the brand', () => {
    expect(homeVideos.map((video) => video.label)).toEqual([
      'Fueling Discovery',
      site.name,
      'Gift Card',
      'Fleet Fueling',
    ]);
  });

  it('replaces {brand} in the summaries', () => {
    expect(homeVideos[1]?.summary).toBe(
      `Fuel, food and convenience at ${site.name} stores across Pennsylvania, New York and Ohio.`,
    );
  });

  it('builds the player address from the configured embed base', () => {
    expect(embedUrl('abc_123-XY')).toBe(`${site.videoEmbedBase}abc_123-XY`);
  });
});
