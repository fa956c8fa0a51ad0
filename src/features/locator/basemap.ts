// The map's style: the configured style URL (PUBLIC_MAP_STYLE_URL) when it loads, otherwise a
// local basemap drawn from state outlines (/stores/basemap.json, built from us-atlas), so the map
// works with no vendor, no key and no internet.
import type { StyleSpecification } from 'maplibre-gl';

export const BASEMAP_PATH = '/stores/basemap.json';
export const STYLE_URL: string | undefined = import.meta.env.PUBLIC_MAP_STYLE_URL || undefined;

export function localStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    name: 'Local state outlines',
    sources: {
      states: {
        type: 'geojson',
        data: new URL(BASEMAP_PATH, origin).href,
        attribution: 'US Census Bureau (us-atlas)',
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#cfe3ee' } },
      { id: 'land', type: 'fill', source: 'states', paint: { 'fill-color': '#f3f1e7' } },
      {
        id: 'home-states',
        type: 'fill',
        source: 'states',
        filter: ['in', ['get', 'code'], ['literal', ['PA', 'NY', 'OH']]],
        paint: { 'fill-color': '#e8f2e3' },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'states',
        paint: { 'line-color': '#7a8a7a', 'line-width': 1.2 },
      },
    ],
  };
}

/** The configured style when it answers within 4 s, else the local basemap. */
export async function chooseStyle(
  origin: string,
  fetcher: typeof fetch = fetch,
): Promise<string | StyleSpecification> {
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
