import { describe, expect, it, vi } from 'vitest';
import { chooseStyle, localStyle } from './basemap.ts';
import { LABEL_FONT } from './map-glyphs.ts';

const addProtocol = vi.fn();
vi.mock('maplibre-gl', () => ({ addProtocol }));

const origin = 'https://kwikfill.example';
const urls = (style: object) => JSON.stringify(style).match(/"(?:https?|pmtiles):\/\/[^"]+"/g) ?? [];
/** The text-font of every layer that has one. */
const fonts = (style: { layers: { layout?: Record<string, unknown> }[] }) =>
  new Set(style.layers.flatMap((layer) => (layer.layout?.['text-font'] ? [layer.layout['text-font']] : [])));

describe('the offline basemap', () => {
  it('draws states, county lines and town names, all from this origin', () => {
    const style = localStyle(origin);
    expect(Object.keys(style.sources)).toEqual(['states', 'counties', 'towns']);
    expect(style.layers.map((layer) => layer.id)).toEqual(
      expect.arrayContaining(['counties', 'town-dots', 'town-names', 'borders']),
    );
    for (const url of urls(style)) expect(url).toMatch(new RegExp(`^"${origin}/`));
    expect(style.glyphs).toBe(`${origin}/map/glyphs/{fontstack}/{range}.pbf`);
    expect(fonts(style)).toEqual(new Set([[LABEL_FONT]]));
  });

  it('is the style when no PMTiles extract and no vendor style are set', async () => {
    expect(await chooseStyle(origin)).toEqual(localStyle(origin));
  });
});

describe('the street map from a PMTiles extract', () => {
  it('reads the extract on this origin through the pmtiles protocol, with no third party', async () => {
    const style = await chooseStyle(origin, { tiles: '/tiles/pa-ny-oh.pmtiles' });
    if (typeof style === 'string') throw new Error('expected a style object');
    expect(addProtocol).toHaveBeenCalledWith('pmtiles', expect.any(Function));
    expect(style.sources).toEqual({
      protomaps: expect.objectContaining({
        type: 'vector',
        url: `pmtiles://${origin}/tiles/pa-ny-oh.pmtiles`,
      }),
    });
    for (const url of urls(style)) expect(url).toMatch(/^"(pmtiles:\/\/)?https:\/\/kwikfill\.example\//);
    expect(style.layers.some((layer) => 'source-layer' in layer && layer['source-layer'] === 'roads')).toBe(
      true,
    );
    // No sprite sheet: no layer asks for an icon.
    expect(JSON.stringify(style.layers)).not.toContain('icon-image');
    expect(style.glyphs).toBe(`${origin}/map/glyphs/{fontstack}/{range}.pbf`);
  });
});
