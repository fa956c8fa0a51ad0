// The local gazetteer: committed as scripts/make-gazetteer.mjs makes it from the `zipcodes` package,
// found by ZIP, town and point. Its memory once loaded is a benchmark figure (bench/gazetteer.mjs).
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { GAZETTEER_FILE, makeGazetteer } from '../../../scripts/make-gazetteer.mjs';
import { allPlaces, findAddress, findNearest } from './gazetteer.server.ts';

describe('the gazetteer', () => {
  it('is committed exactly as scripts/make-gazetteer.mjs makes it from the installed package', () => {
    const committed = readFileSync(GAZETTEER_FILE, 'utf8');
    expect(committed === makeGazetteer(), 'run scripts/make-gazetteer.mjs').toBe(true);
  });

  it('finds a ZIP, with its leading zero and with the four-digit extension', async () => {
    expect(await findAddress('00501')).toMatchObject({ zip: '00501', city: 'Holtsville', state: 'NY' });
    expect(await findAddress('Warren PA 16365-1234')).toEqual({
      zip: '16365',
      city: 'Warren',
      state: 'PA',
      lat: 41.8436,
      lng: -79.1726,
      type: 'postal_code',
    });
    expect(await findAddress('99999')).toBeUndefined();
  });

  it('finds a town: in the state named, else in PA, NY or OH, else where most of its ZIP codes are', async () => {
    expect(await findAddress('warren, oh')).toMatchObject({ city: 'Warren', state: 'OH', type: 'locality' });
    expect(await findAddress('Warren Pennsylvania')).toMatchObject({ city: 'Warren', state: 'PA' });
    expect(await findAddress('Warren')).toMatchObject({ state: 'PA' });
    expect(await findAddress('Portland')).toMatchObject({ city: 'Portland', state: 'PA' });
    expect(await findAddress('lincoln')).toMatchObject({ city: 'Lincoln', state: 'NE' });
    expect(await findAddress('Lincoln, DE')).toMatchObject({ city: 'Lincoln', state: 'DE' });
    expect(await findAddress('Nowheresville')).toBeUndefined();
    expect(await findAddress(', pa')).toBeUndefined();
  });

  it('finds the nearest ZIP area within about 50 miles of a point, and none farther', async () => {
    expect(await findNearest(41.85, -79.17)).toMatchObject({ city: 'Warren', state: 'PA' });
    expect(await findNearest(30, -40)).toBeUndefined();
  });

  it('lists every US ZIP code', async () => {
    const places = await allPlaces();
    expect(places.length).toBeGreaterThan(40_000);
    expect(places.every((place) => /^\d{5}$/.test(place.zip) && place.city && place.state)).toBe(true);
  });

  // A build that replaces dist/ under a running server can make the first load fail: the next search
  // loads again instead of failing until a restart.
  it('loads its data again after a failed load', async () => {
    vi.resetModules();
    let fail = true;
    vi.doMock('./gazetteer-data', async (original) => {
      if (fail) throw new Error('chunk not found');
      return original();
    });
    try {
      const fresh = await import('./gazetteer.server.ts');
      await expect(fresh.findAddress('16365')).rejects.toThrow();
      fail = false;
      expect(await fresh.findAddress('16365')).toMatchObject({ zip: '16365', city: 'Warren' });
    } finally {
      vi.doUnmock('./gazetteer-data');
    }
  });
});
