// The locator's offline basemap: state outlines of the chain's region and its neighbours as
// GeoJSON, built once from us-atlas (US Census Bureau) and served as a static, cacheable file.
import type { APIRoute } from 'astro';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';

export const prerender = true;

/** FIPS code -> postal code: PA, NY, OH and the states around them. */
const REGION: Record<string, string> = {
  '42': 'PA',
  '36': 'NY',
  '39': 'OH',
  '34': 'NJ',
  '24': 'MD',
  '54': 'WV',
  '10': 'DE',
  '26': 'MI',
  '18': 'IN',
  '21': 'KY',
  '51': 'VA',
  '09': 'CT',
  '25': 'MA',
  '50': 'VT',
  '44': 'RI',
  '33': 'NH',
  '11': 'DC',
};

const round = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(round)
    : typeof value === 'number'
      ? Math.round(value * 1000) / 1000
      : value;

export const GET: APIRoute = () => {
  const topology = states as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const all = feature(topology, topology.objects.states);
  const features = all.features
    .filter((f) => REGION[String(f.id)])
    .map((f) => ({
      type: 'Feature',
      properties: { name: f.properties?.name, code: REGION[String(f.id)] },
      geometry: { ...f.geometry, coordinates: round((f.geometry as { coordinates: unknown }).coordinates) },
    }));
  return new Response(JSON.stringify({ type: 'FeatureCollection', features }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
