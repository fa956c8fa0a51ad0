// The browser's geocoding helper (product.md 7, 8): asks our GET /api/v1/geocode (the common geocode
// JSON shape) through the one API client, and raises exactly product.md 8's messages. Only by address:
// the locator has the visitor's own coordinates from the browser and never asks for a point by a point
// (docs/decisions/0024-one-name-one-place.md). The client's raw
// answer: the service's own statuses (ZERO_RESULTS, ...) are read here, whatever the HTTP status.
import { apiClient, rawPublicApi } from '../../lib/api-client.ts';
import { GEOCODE_MESSAGES, type LatLng } from './locator.ts';

export interface GeocodeOptions {
  language?: string;
  region?: string;
  fetch?: typeof fetch;
}

interface GeocodeJson {
  status?: string;
  error_message?: string;
  results?: { geometry?: { location?: { lat?: number; lng?: number } } }[];
}

async function request(
  params: Record<string, string | undefined>,
  options: GeocodeOptions,
): Promise<GeocodeJson> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    ...params,
    language: options.language ?? 'en',
    region: options.region,
  })) {
    if (value) query[name] = value;
  }
  const client = options.fetch ? apiClient({ fetch: options.fetch, raw: true }) : rawPublicApi;
  let response: Response;
  try {
    response = await client.geocode.$get({ query });
  } catch {
    throw new Error(GEOCODE_MESSAGES.network);
  }
  let json: GeocodeJson;
  try {
    json = (await response.json()) as GeocodeJson;
  } catch {
    throw new Error(GEOCODE_MESSAGES.parse);
  }
  if (json?.status === 'OK') return json;
  throw new Error(`${json?.error_message}.\nServer returned status code ${json?.status}`);
}

/** The first result's point. */
const first = (json: GeocodeJson): LatLng => {
  const location = json.results?.[0]?.geometry?.location;
  if (typeof location?.lat !== 'number' || typeof location.lng !== 'number')
    throw new Error(GEOCODE_MESSAGES.parse);
  return { lat: location.lat, lng: location.lng };
};

/**
 * An address as the API keys it: lower case, punctuation but commas, '#' and '-' as spaces, one space
 * between words and after a comma. 'Warren,  PA.' and 'warren, pa' are one question, so a CDN keeps
 * one answer for both, and an upstream geocoder is asked once (docs/decisions/0018-edge-holds-the-day.md).
 */
export function normalAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^\p{L}\p{N},#-]+/gu, ' ')
    .replace(/\s*,[\s,]*/g, ', ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '');
}

export async function fromAddress(address: string, options: GeocodeOptions = {}): Promise<LatLng> {
  const normal = normalAddress(address);
  if (!normal) throw new Error(GEOCODE_MESSAGES.address);
  return first(await request({ address: normal }, options));
}
