// The store locator's service worker, scoped to /stores (registered by the locator island): after
// one visit, /stores opens and searches with no signal. Network first, always: a fresh answer wins
// and refreshes the copy; the copy is used only when the network fails. It keeps only what the
// locator needs (its pages, the site's built code and styles, the store list, the basemap);
// nothing else of the site is cached by it.
const CACHE = 'locator-v1';
const PRECACHE = ['/stores', '/stores/basemap.json'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('locator-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** What the locator needs offline; everything else goes to the network untouched. */
function wanted(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (request.mode === 'navigate') return url.pathname === '/stores' || url.pathname.startsWith('/stores/');
  return (
    url.pathname.startsWith('/_astro/') ||
    url.pathname === '/stores/basemap.json' ||
    url.pathname === '/favicon.svg' ||
    url.pathname === '/api/v1/store'
  );
}

/** A copy marked with when it was fetched, so the page can say how old an offline list is. */
async function keep(request, response) {
  const headers = new Headers(response.headers);
  headers.set('x-fetched-at', String(Date.now()));
  const body = await response.clone().arrayBuffer();
  const cache = await caches.open(CACHE);
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

async function fromCopy(request) {
  const cache = await caches.open(CACHE);
  // A search in the URL (?q=...) is answered by the page itself; the island redoes the search.
  const copy = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
  if (!copy) return undefined;
  const headers = new Headers(copy.headers);
  headers.set('x-offline-copy', '1');
  return new Response(await copy.arrayBuffer(), { status: copy.status, statusText: copy.statusText, headers });
}

// The page's first visit ran before this worker: it sends what it loaded, to be kept for offline.
self.addEventListener('message', (event) => {
  const { type, urls, apiKey } = event.data ?? {};
  if (type !== 'keep' || !Array.isArray(urls)) return;
  const requests = urls
    .filter((url) => typeof url === 'string')
    .map((url) => {
      const path = new URL(url, self.location.origin).pathname;
      const headers = path.startsWith('/api/') && typeof apiKey === 'string' ? { 'X-API-Key': apiKey } : {};
      return new Request(new URL(url, self.location.origin), { headers, mode: path.startsWith('/api/') ? 'cors' : 'same-origin' });
    })
    .filter((request) => wanted(request) || new URL(request.url).pathname === '/stores');
  event.waitUntil(
    Promise.all(
      requests.map(async (request) => {
        if (await caches.match(request)) return;
        const response = await fetch(request).catch(() => undefined);
        if (response?.ok) await keep(request, response);
      }),
    ).then(() => event.source?.postMessage({ type: 'kept' })),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!wanted(request)) return;
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        if (response.ok) event.waitUntil(keep(request, response.clone()));
        return response;
      } catch (error) {
        const copy = await fromCopy(request);
        if (copy) return copy;
        throw error;
      }
    })(),
  );
});
