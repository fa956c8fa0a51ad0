import { describe, expect, test } from 'vitest';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { fromAddress, normalAddress } from './geocode.ts';

const answer = (body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body));
const ok = { status: 'OK', results: [{ geometry: { location: { lat: 41.8, lng: -79.1 } } }] };

describe('geocoding helper (product.md 8 messages)', () => {
  test('an address gives the first result', async () => {
    let asked = '';
    const fetch = async (url: RequestInfo | URL) => {
      asked = String(url);
      return new Response(JSON.stringify(ok));
    };
    expect(await fromAddress('Warren, PA', { fetch })).toEqual({ lat: 41.8, lng: -79.1 });
    // Asked in the one normal form the API and the CDN key on.
    expect(asked).toBe('/api/v1/geocode?address=warren%2C+pa&language=en');
  });
  test('asks through the one API client: with the API key', async () => {
    let key: string | null = null;
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      key = new Headers(init?.headers).get('X-API-Key');
      return new Response(JSON.stringify(ok));
    };
    await fromAddress('Warren, PA', { fetch });
    expect(key).toBe(DEFAULT_API_KEY);
  });
  test('an address is asked in one normal form: case, spaces and punctuation do not make another', () => {
    for (const text of ['Warren, PA', '  WARREN ,PA. ', 'warren,,  pa!', 'WARREN, Pa.'])
      expect(normalAddress(text), text).toBe('warren, pa');
    expect(normalAddress('16365-1234')).toBe('16365-1234');
    expect(normalAddress('12 Main St. #4, Bradford')).toBe('12 main st #4, bradford');
    expect(normalAddress(' ,.; ')).toBe('');
  });

  test('missing address', async () => {
    await expect(fromAddress('', { fetch: answer(ok) })).rejects.toThrow(/^Provided address is invalid$/);
  });
  test('network failure', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fromAddress('Warren', { fetch })).rejects.toThrow(/^Error fetching data$/);
  });
  test('a body that is not JSON', async () => {
    await expect(fromAddress('Warren', { fetch: answer('<html>') })).rejects.toThrow(
      /^Error parsing server response$/,
    );
  });
  test("a non-OK status: the service's message, then the status", async () => {
    const fetch = answer({
      status: 'ZERO_RESULTS',
      error_message: 'No place matches that address',
      results: [],
    });
    await expect(fromAddress('Nowhere', { fetch })).rejects.toThrow(
      'No place matches that address.\nServer returned status code ZERO_RESULTS',
    );
  });
});
