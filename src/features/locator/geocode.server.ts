// GET /geocode answers in the common geocode JSON shape (status, error_message, results[0].geometry
// .location): from an external geocoder when GEOCODER_URL is set and answers, else from the local
// gazetteer. A missing or malformed input is a 400 carrying both that shape and our error body.
import type { AppDeps } from '../../server/deps.ts';
import { findAddress, findNearest, type Place } from './gazetteer.server.ts';

export interface GeocodeQuery {
  address?: string;
  latlng?: string;
  language?: string;
  region?: string;
  location_type?: string;
}

export interface GeocodeAnswer {
  status: 'OK' | 'ZERO_RESULTS' | 'INVALID_REQUEST' | string;
  error_message?: string;
  results: unknown[];
  error?: { code: string; description: string };
}

const invalid = (description: string): GeocodeAnswer => ({
  status: 'INVALID_REQUEST',
  error_message: description,
  results: [],
  error: { code: 'invalid_input', description },
});

export function parseLatLng(text: string): { lat: number; lng: number } | undefined {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

function result(place: Place) {
  return {
    formatted_address:
      place.type === 'locality'
        ? `${place.city}, ${place.state}, USA`
        : `${place.city}, ${place.state} ${place.zip}, USA`,
    geometry: { location: { lat: place.lat, lng: place.lng }, location_type: 'APPROXIMATE' },
    address_components: [
      ...(place.type === 'postal_code'
        ? [{ long_name: place.zip, short_name: place.zip, types: ['postal_code'] }]
        : []),
      { long_name: place.city, short_name: place.city, types: ['locality', 'political'] },
      {
        long_name: place.state,
        short_name: place.state,
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    ],
    types: [place.type],
    place_id: `local:${place.type === 'postal_code' ? place.zip : `${place.city}|${place.state}`}`,
  };
}

/** The external geocoder's JSON, or undefined when it cannot be reached or does not answer JSON. */
async function external(deps: AppDeps, query: GeocodeQuery): Promise<GeocodeAnswer | undefined> {
  const { geocoderUrl, geocoderKey } = deps.config;
  if (!geocoderUrl) return undefined;
  const url = new URL(geocoderUrl);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  if (geocoderKey) url.searchParams.set('key', geocoderKey);
  try {
    const response = await deps.fetch(url, { signal: AbortSignal.timeout(4000) });
    const body = (await response.json()) as GeocodeAnswer;
    return typeof body?.status === 'string' && Array.isArray(body.results) ? body : undefined;
  } catch (error) {
    console.warn(
      '[geocode] the external geocoder failed, answering from the gazetteer:',
      (error as Error).message,
    );
    return undefined;
  }
}

export async function geocode(
  deps: AppDeps,
  query: GeocodeQuery,
): Promise<{ status: 200 | 400; body: GeocodeAnswer }> {
  const address = query.address?.trim();
  const latlng = query.latlng?.trim();
  if (!address && !latlng) return { status: 400, body: invalid('Give an address or latlng.') };
  if (address && address.length > 200) return { status: 400, body: invalid('The address is too long.') };
  const point = latlng ? parseLatLng(latlng) : undefined;
  if (!address && !point)
    return { status: 400, body: invalid('latlng must be latitude,longitude in degrees.') };
  const remote = await external(deps, { ...query, language: query.language ?? 'en' });
  if (remote) return { status: 200, body: remote };
  const place = address ? await findAddress(address) : await findNearest(point?.lat ?? 0, point?.lng ?? 0);
  if (!place)
    return {
      status: 200,
      body: { status: 'ZERO_RESULTS', error_message: 'No place matches that address.', results: [] },
    };
  return { status: 200, body: { status: 'OK', results: [result(place)] } };
}
