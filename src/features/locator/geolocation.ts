// The current-location link (product.md 4, 8, 9): one high-accuracy request, 5000 ms timeout, never a
// cached position; every failure becomes one of product.md 8's five alert texts.
import { type LatLng, LOCATION_MESSAGES, LOCATION_OPTIONS } from './locator.ts';

export type LocationResult = { ok: true; position: LatLng } | { ok: false; message: string };

export function messageFor(error: Pick<GeolocationPositionError, 'code'>): string {
  switch (error.code) {
    case 1:
      return LOCATION_MESSAGES.denied;
    case 2:
      return LOCATION_MESSAGES.unavailable;
    case 3:
      return LOCATION_MESSAGES.timeout;
    default:
      return LOCATION_MESSAGES.unknown;
  }
}

export function currentLocation(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LocationResult> {
  if (!geolocation) return Promise.resolve({ ok: false, message: LOCATION_MESSAGES.unsupported });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (pos) => resolve({ ok: true, position: { lat: pos.coords.latitude, lng: pos.coords.longitude } }),
      (error) => resolve({ ok: false, message: messageFor(error) }),
      LOCATION_OPTIONS,
    );
  });
}
