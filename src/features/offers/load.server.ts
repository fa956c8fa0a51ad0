// The offers for /specials, read on the server while the page renders (offers change without a
// rebuild, and the grid must be in the HTML before any script runs). It asks the API itself, the
// same GET /offers a browser would, so the page and the API can never disagree.
import { loadConfig } from '../../server/config';
import { getApp } from '../../server/runtime';
import { type Offer, readOffersAnswer } from './offers';

export async function loadOffers(): Promise<Offer[] | null> {
  try {
    const app = await getApp();
    const response = await app.request('/api/v1/offers', {
      headers: { 'X-API-Key': loadConfig().publicApiKey, Accept: 'application/json' },
    });
    return readOffersAnswer(await response.json());
  } catch (error) {
    console.error('[offers] the offers could not be loaded:', (error as Error)?.message ?? error);
    return null;
  }
}
