// The full store list for the island: GET /api/v1/store?size=1000 through the one API client,
// revalidated with its ETag by the browser cache. When the locator's service worker answers from
// its copy (no signal), it marks the answer, and the page says when the list was fetched and that
// prices may have changed: the client's raw answer, whose headers are read here.
import { useEffect, useState } from 'react';
import { rawPublicApi } from '../../lib/api-client.ts';
import { PUBLIC_API_KEY as API_KEY } from '../../lib/api-key.ts';
import { STORE_LIST_SIZE, type StoreItem, type StoreListAnswer } from './locator.ts';

export interface StoreList {
  stores: StoreItem[] | null;
  /** Set when the list is the offline copy: when it was fetched (epoch ms). */
  offlineSince: number | null;
  failed: boolean;
}

export const OFFLINE_HEADER = 'x-offline-copy';
export const FETCHED_AT_HEADER = 'x-fetched-at';

export function useStoreList(): StoreList {
  const [state, setState] = useState<StoreList>({ stores: null, offlineSince: null, failed: false });
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const response = await rawPublicApi.store.$get({ query: { size: String(STORE_LIST_SIZE) } });
        if (!response.ok) throw new Error(`GET /store answered ${response.status}`);
        const { items } = (await response.json()) as StoreListAnswer;
        const offline = response.headers.get(OFFLINE_HEADER) === '1';
        const fetchedAt = Number(response.headers.get(FETCHED_AT_HEADER)) || null;
        if (live) setState({ stores: items, offlineSince: offline ? fetchedAt : null, failed: false });
      } catch (error) {
        console.error('[locator] the store list could not load:', error);
        if (live) setState((s) => ({ ...s, failed: true }));
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * The locator's service worker: scoped to /stores, so nothing else of the site is cached. What this
 * first visit loaded before the worker ran (page, code, list, basemap) is handed to it to keep.
 */
export function registerLocatorWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/stores-sw.js', { scope: '/stores' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({
        type: 'keep',
        urls: [window.location.pathname, ...loaded],
        apiKey: API_KEY,
      });
    })
    .catch((error: unknown) => {
      console.warn('[locator] offline support is unavailable:', error);
    });
}
