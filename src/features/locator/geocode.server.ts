// GET /geocode answers in the common geocode JSON shape (status, error_message, results[0].geometry
// .location): from an external geocoder when GEOCODER_URL is set and answers, else from the local
// gazetteer. A missing or malformed input is a 400 carrying both that shape and our error body.
// An address is asked in its normal form (geocode.ts normalAddress). When the external geocoder
// fails (no answer, an HTTP error such as 429 or 500, a body that is not its shape, or a status that
// says it failed: OVER_QUERY_LIMIT, REQUEST_DENIED, UNKNOWN_ERROR), its answer is never passed on:
// the gazetteer stands in when it knows the place, and otherwise the answer is a 503
// `geocoder_unavailable` with Retry-After; neither is kept by any cache (`stale` in the result:
// docs/decisions/0018-edge-holds-the-day.md).
import type { AppDeps } from '../../server/deps.ts';
import { findAddress, findNearest, type Place } from './gazetteer.server.ts';
import { normalAddress } from './geocode.ts';

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

/** The statuses of a geocode answer that say the service failed, not that the place is unknown. */
const FAILED_STATUSES = new Set(['OVER_QUERY_LIMIT', 'REQUEST_DENIED', 'UNKNOWN_ERROR', 'INVALID_REQUEST']);

/**
 * The external geocoder's answer; 'none' when none is configured, 'failed' when it could not answer
 * (unreachable, an HTTP error, a body not of its shape, a status that says it failed).
 */
async function external(deps: AppDeps, query: GeocodeQuery): Promise<GeocodeAnswer | 'none' | 'failed'> {
  const { geocoderUrl, geocoderKey } = deps.config;
  if (!geocoderUrl) return 'none';
  const url = new URL(geocoderUrl);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  if (geocoderKey) url.searchParams.set('key', geocoderKey);
  let reason: string;
  try {
    const response = await deps.fetch(url, { signal: AbortSignal.timeout(4000) });
    const body = (await response.json().catch(() => undefined)) as GeocodeAnswer | undefined;
    const shaped = typeof body?.status === 'string' && Array.isArray(body.results);
    if (response.ok && shaped && !FAILED_STATUSES.has(String(body?.status))) return body as GeocodeAnswer;
    reason = `it answered ${response.status}${shaped ? ` ${body?.status}` : ' without a geocode body'}`;
  } catch (error) {
    reason = (error as Error).message;
  }
  console.warn('[geocode] the external geocoder failed:', reason);
  return 'failed';
}

/** Seconds a client waits before asking again after the geocoder failed (Retry-After). */
export const GEOCODER_RETRY_SECONDS = 60;
const GEOCODER_DOWN = 'The address search is unavailable right now. Please try again in a minute.';

export interface Geocoded {
  status: 200 | 400 | 503;
  body: GeocodeAnswer;
  /** Made while the external geocoder failed: no cache may keep it (the next visitor asks again). */
  stale?: true;
}

export async function geocode(deps: AppDeps, query: GeocodeQuery): Promise<Geocoded> {
  const address = query.address === undefined ? undefined : normalAddress(query.address);
  const latlng = query.latlng?.trim();
  if (!address && !latlng) return { status: 400, body: invalid('Give an address or latlng.') };
  if (address && address.length > 200) return { status: 400, body: invalid('The address is too long.') };
  const point = latlng ? parseLatLng(latlng) : undefined;
  if (!address && !point)
    return { status: 400, body: invalid('latlng must be latitude,longitude in degrees.') };
  const remote = await external(deps, {
    ...query,
    ...(address ? { address } : {}),
    language: query.language ?? 'en',
  });
  if (remote !== 'none' && remote !== 'failed') return { status: 200, body: remote };
  const failed = remote === 'failed';
  const place = address ? await findAddress(address) : await findNearest(point?.lat ?? 0, point?.lng ?? 0);
  if (place)
    return {
      status: 200,
      body: { status: 'OK', results: [result(place)] },
      ...(failed ? { stale: true } : {}),
    };
  if (failed)
    return {
      status: 503,
      stale: true,
      body: {
        status: 'UNKNOWN_ERROR',
        error_message: GEOCODER_DOWN.slice(0, -1),
        results: [],
        error: { code: 'geocoder_unavailable', description: GEOCODER_DOWN },
      },
    };
  return {
    status: 200,
    body: { status: 'ZERO_RESULTS', error_message: 'No place matches that address.', results: [] },
  };
}
