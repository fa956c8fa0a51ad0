// Town names of PA, NY and OH for the locator's offline basemap (basemap.ts): one point per town of
// the gazetteer (the mean position of its ZIP codes), ranked by how many ZIP codes it has so the map
// names the larger towns first. A static, cacheable file the map loads when it draws.
import type { APIRoute } from 'astro';
import gazetteer from '../../features/locator/gazetteer-data.ts';
import { STORE_STATE_CODES } from '../../site.config.ts';

export const prerender = true;

const HOME = new Set(STORE_STATE_CODES);

export const GET: APIRoute = () => {
  const towns = new Map<number, { lat: number; lng: number; zips: number }>();
  gazetteer.town.forEach((town, i) => {
    const sum = towns.get(town) ?? { lat: 0, lng: 0, zips: 0 };
    sum.lat += gazetteer.lat[i] ?? 0;
    sum.lng += gazetteer.lng[i] ?? 0;
    sum.zips += 1;
    towns.set(town, sum);
  });
  const features = [...towns]
    .map(([town, sum]) => {
      const [name, state] = (gazetteer.towns[town] ?? '').split('|');
      return { name, state, sum };
    })
    .filter(({ name, state }) => name && state && HOME.has(state))
    .map(({ name, sum }) => ({
      type: 'Feature',
      properties: { name, rank: sum.zips },
      geometry: {
        type: 'Point',
        coordinates: [
          Math.round((sum.lng / sum.zips) * 1e4) / 1e4,
          Math.round((sum.lat / sum.zips) * 1e4) / 1e4,
        ],
      },
    }));
  return new Response(JSON.stringify({ type: 'FeatureCollection', features }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
