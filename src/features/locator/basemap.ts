// The map's style, in this order:
// - a PMTiles extract of the region on this site (PUBLIC_MAP_PMTILES_URL, read at run time): streets
//   and roads drawn with the Protomaps basemap style, no key and no third party (pmtiles-style.ts);
// - the configured vendor style URL (PUBLIC_MAP_STYLE_URL) when it loads;
// - otherwise a local basemap: state outlines (/stores/basemap.json), county lines
//   (/stores/counties.json) and town names (/stores/towns.json), static files built from us-atlas and
//   the gazetteer, and one self-hosted label font (scripts/make-map-glyphs.mjs), so the map works
//   with no vendor, no key and no internet. The map loads them only when it draws, never with the page.
import type { StyleSpecification } from 'maplibre-gl';
import { STORE_STATE_CODES } from '../../site.config.ts';
import { glyphsUrl, LABEL_FONT } from './map-glyphs.ts';

export const BASEMAP_PATH = '/stores/basemap.json';
export const COUNTIES_PATH = '/stores/counties.json';
export const TOWNS_PATH = '/stores/towns.json';
export const STYLE_URL: string | undefined = import.meta.env.PUBLIC_MAP_STYLE_URL || undefined;

export function localStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    name: 'Local states, counties and towns',
    glyphs: glyphsUrl(origin),
    sources: {
      states: {
        type: 'geojson',
        data: new URL(BASEMAP_PATH, origin).href,
        attribution: 'US Census Bureau (us-atlas)',
      },
      counties: { type: 'geojson', data: new URL(COUNTIES_PATH, origin).href },
      towns: { type: 'geojson', data: new URL(TOWNS_PATH, origin).href, attribution: 'zipcodes' },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#cfe3ee' } },
      { id: 'land', type: 'fill', source: 'states', paint: { 'fill-color': '#f3f1e7' } },
      {
        id: 'home-states',
        type: 'fill',
        source: 'states',
        filter: ['in', ['get', 'code'], ['literal', [...STORE_STATE_CODES]]],
        paint: { 'fill-color': '#e8f2e3' },
      },
      {
        id: 'counties',
        type: 'line',
        source: 'counties',
        minzoom: 6,
        paint: { 'line-color': '#a9b5a6', 'line-width': 0.6, 'line-dasharray': [3, 2] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'states',
        paint: { 'line-color': '#7a8a7a', 'line-width': 1.2 },
      },
      {
        // Bigger towns (more ZIP codes) first; smaller ones appear as the visitor zooms in.
        id: 'town-dots',
        type: 'circle',
        source: 'towns',
        minzoom: 7,
        filter: ['>=', ['get', 'rank'], ['step', ['zoom'], 4, 8, 2, 9, 1]],
        paint: { 'circle-radius': 2, 'circle-color': '#56604f' },
      },
      {
        id: 'town-names',
        type: 'symbol',
        source: 'towns',
        minzoom: 7,
        filter: ['>=', ['get', 'rank'], ['step', ['zoom'], 4, 8, 2, 9, 1]],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [LABEL_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], 7, 11, 12, 14],
          'text-anchor': 'left',
          'text-offset': [0.5, 0],
          'symbol-sort-key': ['-', ['get', 'rank']],
        },
        paint: { 'text-color': '#38412f', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
      },
    ],
  };
}

interface StyleOptions {
  /** A PMTiles extract on this site (PUBLIC_MAP_PMTILES_URL). */
  tiles?: string | undefined;
  fetcher?: typeof fetch;
}

/** The PMTiles street map when an extract is set, else the configured style when it answers within 4 s, else the local basemap. */
export async function chooseStyle(
  origin: string,
  { tiles, fetcher = fetch }: StyleOptions = {},
): Promise<string | StyleSpecification> {
  if (tiles) {
    // Only then: the PMTiles reader and the street style stay out of every other visit.
    const { pmtilesStyle } = await import('./pmtiles-style.ts');
    return pmtilesStyle(origin, tiles);
  }
  if (!STYLE_URL) return localStyle(origin);
  try {
    const response = await fetcher(STYLE_URL, { signal: AbortSignal.timeout(4000) });
    if (response.ok) return (await response.json()) as StyleSpecification;
  } catch {
    // unreachable (offline, blocked): fall through to the local basemap
  }
  console.warn('[map] the configured map style could not load; drawing the local basemap');
  return localStyle(origin);
}
