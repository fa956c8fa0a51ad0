// The local US gazetteer behind GET /geocode: every ZIP code with its town, state and coordinates,
// from the `zipcodes` npm package (about 5 MB, so it stays on the server and loads on first use).
// No network and no key: a town or ZIP typed into the locator is found here.
import { US_STATES } from '../../lib/us-states';

export interface Place {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  /** 'postal_code' for a ZIP, 'locality' for a town (the common geocode JSON's result types). */
  type: 'postal_code' | 'locality';
}

interface Index {
  byZip: Map<string, Place>;
  /** 'warren|pa' and 'warren' -> every ZIP of that town. */
  byTown: Map<string, Place[]>;
  all: Place[];
}

let index: Promise<Index> | undefined;
/** States the chain has stores in come first when a town name exists in several states. */
const HOME_STATES = ['PA', 'NY', 'OH'];
const STATE_BY_NAME = new Map<string, string>(US_STATES.map(([code, name]) => [name.toLowerCase(), code]));
const STATE_CODES = new Set<string>(US_STATES.map(([code]) => code.toLowerCase()));

async function load(): Promise<Index> {
  const { codes } = await import('zipcodes/lib/codes.js');
  const byZip = new Map<string, Place>();
  const byTown = new Map<string, Place[]>();
  const all: Place[] = [];
  for (const entry of Object.values(codes)) {
    if (entry.country !== 'US') continue;
    const place: Place = {
      zip: entry.zip,
      city: entry.city,
      state: entry.state,
      lat: entry.latitude,
      lng: entry.longitude,
      type: 'postal_code',
    };
    byZip.set(place.zip, place);
    all.push(place);
    for (const key of [
      `${place.city.toLowerCase()}|${place.state.toLowerCase()}`,
      place.city.toLowerCase(),
    ]) {
      const list = byTown.get(key) ?? [];
      list.push(place);
      byTown.set(key, list);
    }
  }
  return { byZip, byTown, all };
}

export const gazetteer = (): Promise<Index> => {
  index ??= load();
  return index;
};

/** A town's point: the mean of its ZIP codes' points, in the state most of them share. */
function townPlace(places: Place[]): Place {
  const state = HOME_STATES.find((s) => places.some((p) => p.state === s)) ?? places[0]?.state ?? '';
  const inState = places.filter((p) => p.state === state);
  const mean = (pick: (p: Place) => number) => inState.reduce((sum, p) => sum + pick(p), 0) / inState.length;
  const first = inState[0] as Place;
  return {
    ...first,
    lat: Number(mean((p) => p.lat).toFixed(4)),
    lng: Number(mean((p) => p.lng).toFixed(4)),
    type: 'locality',
  };
}

/** Finds a ZIP ('16365', '16365-1234', '... PA 16365') or a town ('Warren', 'warren, pa', 'Warren Pennsylvania'). */
export async function findAddress(text: string): Promise<Place | undefined> {
  const { byZip, byTown } = await gazetteer();
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)?.[1];
  if (zip) return byZip.get(zip);
  const parts = text
    .toLowerCase()
    .replace(/,?\s*(usa|united states)\s*$/, '')
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  let state: string | undefined;
  let town = parts.at(-1) ?? '';
  if (parts.length > 1 && stateCode(town)) {
    state = stateCode(town);
    town = parts.at(-2) ?? '';
  } else {
    // 'warren pa' or 'warren pennsylvania' with no comma: the last word(s) may be the state.
    for (const [name, code] of [
      ...STATE_BY_NAME,
      ...[...STATE_CODES].map((c) => [c, c.toUpperCase()] as const),
    ]) {
      if (town.endsWith(` ${name}`)) {
        state = code;
        town = town.slice(0, -name.length - 1).trim();
        break;
      }
    }
  }
  const places = byTown.get(state ? `${town}|${state.toLowerCase()}` : town);
  return places && places.length > 0 ? townPlace(places) : undefined;
}

function stateCode(text: string): string | undefined {
  if (STATE_CODES.has(text)) return text.toUpperCase();
  return STATE_BY_NAME.get(text);
}

/** The ZIP area nearest a point (reverse geocoding), within about 50 miles, else none. */
export async function findNearest(lat: number, lng: number): Promise<Place | undefined> {
  const { all } = await gazetteer();
  let best: Place | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (const place of all) {
    const score = (place.lat - lat) ** 2 + ((place.lng - lng) * cosLat) ** 2;
    if (score < bestScore) {
      bestScore = score;
      best = place;
    }
  }
  return Math.sqrt(bestScore) < 0.75 ? best : undefined;
}
