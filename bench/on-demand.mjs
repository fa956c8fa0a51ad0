// Pages the server renders on each request (/specials) have no file in the build: the benchmark
// starts the built server on a spare port, with a throwaway data folder holding the sample data,
// and fetches each page as a visitor gets it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The on-demand pages the page-weight report covers. */
export const ON_DEMAND_PAGES = ['/specials'];

const sparePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The HTML of each path, rendered by the built server with sample data. */
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
    return pages;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
