// Pages the server renders on each request (/specials, /stores, a store page) have no file in the
// build: the benchmark starts the built server on a spare port, with a throwaway data folder holding
// the sample data, fetches each page as a visitor gets it, and times the store list the locator loads.
import { startBuiltServer } from '../tests/support/built-server.mjs';

/** The on-demand pages the page-weight report covers (with both application forms). */
export const ON_DEMAND_PAGES = [
  '/specials',
  '/stores',
  '/stores/1',
  '/frame/charge-card',
  '/frame/fleet-fueling',
];

const API_HEADERS = {
  'X-API-Key': process.env.PUBLIC_API_KEY ?? 'kwikfill-public-web',
  'Accept-Encoding': 'br, gzip',
};

/** `GET /store?size=1000` as the locator asks for it: bytes, and answer times over `rounds` calls. */
async function measureStoreList(base, rounds = 100) {
  const url = `${base}/api/v1/store?size=1000`;
  const first = await fetch(url, { headers: API_HEADERS });
  const body = Buffer.from(await first.arrayBuffer());
  const etag = first.headers.get('etag');
  const time = async (headers) => {
    const times = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(rounds / 2)], p95: times[Math.floor(rounds * 0.95)] };
  };
  return {
    stores: JSON.parse(body.toString()).items.length,
    bytes: body.length,
    // fetch hands back the decoded body: the bytes on the wire are the answer's Content-Length (the
    // list is sent compressed ahead, br or gzip, with its length).
    sent: Number(first.headers.get('content-length') ?? body.length),
    encoding: first.headers.get('content-encoding') ?? 'none',
    full: await time(API_HEADERS),
    notModified: etag ? await time({ ...API_HEADERS, 'If-None-Match': etag }) : undefined,
  };
}

/** The HTML of each path, rendered by the built server with sample data, and the store list's figures. */
export async function fetchOnDemand(paths = ON_DEMAND_PAGES) {
  const server = await startBuiltServer({ seed: true });
  try {
    const pages = [];
    for (const path of paths) {
      const response = await fetch(`${server.base}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      pages.push({ page: path, body: Buffer.from(await response.arrayBuffer()) });
    }
    return { pages, storeList: await measureStoreList(server.base) };
  } finally {
    await server.close();
  }
}
