// The street map from a PMTiles extract on this site (PUBLIC_MAP_PMTILES_URL, e.g. an extract of PA,
// NY and OH that the operator places under /tiles/): MapLibre reads the tiles it needs by HTTP byte
// ranges through the `pmtiles` protocol, and draws them with the Protomaps basemap style (light
// flavour). Nothing comes from a third party: labels use the self-hosted font (map-glyphs.ts), and the
// style's icons (which need a sprite sheet) are left out.
import { layers, namedFlavor } from '@protomaps/basemaps';
import * as maplibregl from 'maplibre-gl';
import { Protocol } from 'pmtiles';
import { glyphsUrl, LABEL_FONT } from './map-glyphs.ts';

let registered = false;

export function pmtilesStyle(origin: string, tiles: string): maplibregl.StyleSpecification {
  if (!registered) {
    maplibregl.addProtocol('pmtiles', new Protocol().tile);
    registered = true;
  }
  const flavor = { ...namedFlavor('light'), regular: LABEL_FONT, bold: LABEL_FONT, italic: LABEL_FONT };
  return {
    version: 8,
    name: 'Streets (PMTiles on this site)',
    glyphs: glyphsUrl(origin),
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${new URL(tiles, origin).href}`,
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: layers('protomaps', flavor, { lang: 'en' }).filter(
      (layer) => !(layer.type === 'symbol' && layer.layout && 'icon-image' in layer.layout),
    ),
  };
}
