import { expect, test } from 'vitest';
import { currentLocation } from './geolocation.ts';

const failing = (code: number) =>
  ({
    getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code } as GeolocationPositionError),
  }) as unknown as Geolocation;

test.each([
  [1, 'Please enable location services to use this feature.'],
  [2, 'Location information is unavailable.'],
  [3, 'Location request timed out.'],
  [99, 'An unknown error occurred getting your location.'],
])('error code %s alerts %s', async (code, message) => {
  expect(await currentLocation(failing(code))).toEqual({ ok: false, message });
});

test('no geolocation support', async () => {
  expect(await currentLocation(undefined)).toEqual({
    ok: false,
    message: 'Geolocation is not supported by this browser',
  });
});

test('asks with high accuracy, a 5000 ms timeout and no cached position', async () => {
  let options: PositionOptions | undefined;
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, _fail: PositionErrorCallback, given: PositionOptions) => {
      options = given;
      ok({ coords: { latitude: 42.1, longitude: -79.2 } } as GeolocationPosition);
    },
  } as unknown as Geolocation;
  expect(await currentLocation(geolocation)).toEqual({ ok: true, position: { lat: 42.1, lng: -79.2 } });
  expect(options).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
});
