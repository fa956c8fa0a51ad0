// Pages the server renders on each request (/specials, /stores, a store page) have no file in the
// build: the benchmark starts the built server on a spare port, with a throwaway data folder holding
// the sample data, fetches each page as a visitor gets it, and times the store list the locator loads.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';

/** The on-demand pages the page-weight report covers. */
export const ON_DEMAND_PAGES = ['/specials', '/stores', '/stores/1'];

const sparePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

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
    // fetch hands back the decoded body: the bytes on the wire are what the server's gzip makes of it.
    sent: first.headers.get('content-encoding') === 'gzip' ? gzipSync(body).length : body.length,
    encoding: first.headers.get('content-encoding') ?? 'none',
    full: await time(API_HEADERS),
    notModified: etag ? await time({ ...API_HEADERS, 'If-None-Match': etag }) : undefined,
  };
}

/** The HTML of each path, rendered by the built server with sample data, and the store list's figures. */
export async function fetchOnDemand(paths = ON_DEMAND_PAGES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-bench-'));
  const { DATABASE_URL: _, ...outer } = process.env;
  const env = { ...outer, DATA_DIR: dataDir, PORT: String(await sparePort()), HOST: '127.0.0.1' };
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, stdio: 'ignore' });
  const server = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 150) throw new Error('the server did not start for the on-demand pages');
      await sleep(200);
    }
    const pages = [];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      pages.push({ page: path, body: Buffer.from(await response.arrayBuffer()) });
    }
    return { pages, storeList: await measureStoreList(base) };
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
