// The offers for /specials, read on the server while the page renders (offers change without a
// rebuild, and the grid must be in the HTML before any script runs). It asks the API itself, the
// same GET /offers a browser would, through the in-process client, so the page and the API can
// never disagree.
import { read } from '../../lib/api-client.ts';
import { inProcessApi } from '../../server/in-process-client.ts';
import { type Offer, readOffersAnswer } from './offers.ts';

export async function loadOffers(): Promise<Offer[] | null> {
  try {
    return readOffersAnswer(await read(inProcessApi().offers.$get()));
  } catch (error) {
    console.error('[offers] the offers could not be loaded:', (error as Error)?.message ?? error);
    return null;
  }
}
