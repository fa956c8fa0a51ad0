// The local US gazetteer behind GET /geocode: every ZIP code with its town, state and coordinates,
// from the `zipcodes` npm package, in the compact columns scripts/make-gazetteer.mjs makes of it
// (about 5 MB once loaded, against 43 MB for the package's own file). It stays on the server and
// loads on first use. No network and no key: a town or ZIP typed into the locator is found here.
import { US_STATES } from '../../lib/us-states.ts';
import { STORE_STATE_CODES } from '../../site.config.ts';

export interface Place {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  /** 'postal_code' for a ZIP, 'locality' for a town (the common geocode JSON's result types). */
  type: 'postal_code' | 'locality';
}

/** One row per ZIP code in `zips`, `lat`, `lng` and `town` (an index into `towns`, each 'City|ST'). */
interface Columns {
  zips: number[];
  lat: number[];
  lng: number[];
  town: number[];
  towns: string[];
  /** `towns` in lower case, as typed searches are compared. */
  keys: string[];
  /** Town indices in the order of their keys, for a binary search. */
  byKey: Int32Array;
  /** The rows of town t are townRows[townStart[t]] up to townRows[townStart[t + 1]]. */
  townStart: Int32Array;
  townRows: Int32Array;
}

let columns: Promise<Columns> | undefined;
const STATE_BY_NAME = new Map<string, string>(US_STATES.map(([code, name]) => [name.toLowerCase(), code]));
const STATE_CODES = new Set<string>(US_STATES.map(([code]) => code.toLowerCase()));

async function load(): Promise<Columns> {
  const { default: data } = await import('./gazetteer-data.ts');
  const keys = data.towns.map((town) => town.toLowerCase());
  const byKey = Int32Array.from(keys.keys()).sort((a, b) => compare(keys[a] ?? '', keys[b] ?? ''));
  const townStart = new Int32Array(keys.length + 1);
  for (const town of data.town) townStart[town + 1] = (townStart[town + 1] ?? 0) + 1;
  for (let town = 0; town < keys.length; town++) {
    townStart[town + 1] = (townStart[town + 1] ?? 0) + (townStart[town] ?? 0);
  }
  const next = townStart.slice(0, -1);
  const townRows = new Int32Array(data.town.length);
  data.town.forEach((town, row) => {
    townRows[next[town] ?? 0] = row;
    next[town] = (next[town] ?? 0) + 1;
  });
  return { ...data, keys, byKey, townStart, townRows };
}
/** Loaded once; a failed load (its file replaced by a build under a running server) is tried again. */
const gazetteer = (): Promise<Columns> => {
  columns ??= load().catch((error) => {
    columns = undefined;
    throw error;
  });
  return columns;
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function placeAt(data: Columns, row: number): Place {
  const [city = '', state = ''] = (data.towns[data.town[row] ?? -1] ?? '').split('|');
  return {
    zip: String(data.zips[row]).padStart(5, '0'),
    city,
    state,
    lat: data.lat[row] ?? 0,
    lng: data.lng[row] ?? 0,
    type: 'postal_code',
  };
}

/** Every ZIP code's place, in the package's order (the sample stores are picked from these). */
export async function allPlaces(): Promise<Place[]> {
  const data = await gazetteer();
  return data.zips.map((_, row) => placeAt(data, row));
}

/** The ZIP codes of a town: 'warren|pa' is one town, 'warren' every town of that name. */
function placesOfTown(data: Columns, key: string): Place[] {
  let low = 0;
  let high = data.byKey.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(data.keys[data.byKey[middle] ?? 0] ?? '', key) < 0) low = middle + 1;
    else high = middle;
  }
  const places: Place[] = [];
  // Every key from here on that starts with `key`: 'warren', 'warren city|pa', 'warren|oh', ...
  for (let i = low; i < data.byKey.length; i++) {
    const town = data.byKey[i] ?? 0;
    const townKey = data.keys[town] ?? '';
    if (!townKey.startsWith(key)) break;
    if (townKey !== key && !townKey.startsWith(`${key}|`)) continue;
    for (let at = data.townStart[town] ?? 0; at < (data.townStart[town + 1] ?? 0); at++) {
      places.push(placeAt(data, data.townRows[at] ?? 0));
    }
  }
  return places;
}

function mostCommonState(places: Place[]): string {
  const counts = new Map<string, number>();
  for (const { state } of places) counts.set(state, (counts.get(state) ?? 0) + 1);
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best), ['', 0])[0];
}

/** A town's point: the mean of its ZIP codes' points, in the state most of them share. */
function townPlace(places: Place[]): Place {
  // The states with stores come first when a town name exists in several states.
  const state = STORE_STATE_CODES.find((s) => places.some((p) => p.state === s)) ?? mostCommonState(places);
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
  const data = await gazetteer();
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)?.[1];
  if (zip) {
    const row = data.zips.indexOf(Number(zip));
    return row < 0 ? undefined : placeAt(data, row);
  }
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
  if (!town) return undefined;
  const places = placesOfTown(data, state ? `${town}|${state.toLowerCase()}` : town);
  return places.length > 0 ? townPlace(places) : undefined;
}

function stateCode(text: string): string | undefined {
  if (STATE_CODES.has(text)) return text.toUpperCase();
  return STATE_BY_NAME.get(text);
}

/** The ZIP area nearest a point (reverse geocoding), within about 50 miles, else none. */
export async function findNearest(lat: number, lng: number): Promise<Place | undefined> {
  const data = await gazetteer();
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  data.lat.forEach((placeLat, row) => {
    const score = (placeLat - lat) ** 2 + (((data.lng[row] ?? 0) - lng) * cosLat) ** 2;
    if (score < bestScore) {
      bestScore = score;
      best = row;
    }
  });
  return best >= 0 && Math.sqrt(bestScore) < 0.75 ? placeAt(data, best) : undefined;
}
