// The self-hosted label font, shared by both map styles (basemap.ts, pmtiles-style.ts): in a module
// of its own so that neither style imports the other (pmtiles-style.ts is loaded only when used).
/** The one font stack of public/map/glyphs/ (Latin-1, rendered by scripts/make-map-glyphs.mjs). */
export const LABEL_FONT = 'local-sans';

export const glyphsUrl = (origin: string): string => `${origin}/map/glyphs/{fontstack}/{range}.pbf`;
