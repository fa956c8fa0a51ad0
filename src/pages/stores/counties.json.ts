// County lines of PA, NY and OH for the locator's offline basemap (basemap.ts), built once from
// us-atlas (US Census Bureau) and served as a static, cacheable file the map loads when it draws.
// One line per shared border (a topojson mesh), so no border is drawn twice.
import type { APIRoute } from 'astro';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import counties from 'us-atlas/counties-10m.json';

export const prerender = true;

/** FIPS state prefixes of the chain's states: PA, NY, OH. */
const HOME = new Set(['42', '36', '39']);
const inHome = (county: { id?: string | number }) => HOME.has(String(county.id).slice(0, 2));
const round = (point: number[]) => point.map((value) => Math.round(value * 1000) / 1000);

export const GET: APIRoute = () => {
  const topology = counties as unknown as Topology<{ counties: GeometryCollection }>;
  // Borders between two counties of which one is in the region (state borders come from basemap.json).
  const lines = mesh(topology, topology.objects.counties, (a, b) => a !== b && (inHome(a) || inHome(b)));
  const geometry = { type: 'MultiLineString', coordinates: lines.coordinates.map((line) => line.map(round)) };
  return new Response(JSON.stringify({ type: 'Feature', properties: {}, geometry }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
