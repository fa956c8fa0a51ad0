// Netlify's own runtime (docs/decisions/0006-netlify-deploy.md, "Tested here"): `netlify serve --offline`
// (netlify-cli) takes the Netlify build both Netlify tests share (tests/support/netlify-build.ts: netlify.toml's
// build command, run once), bundles the function, the scheduled function and the maintenance edge
// function as a deploy does, and serves them behind its CDN emulation: the static files with _headers and
// the adapter's headers, the redirects, the function, and the edge function in Deno (npm's `deno`, found
// on PATH in node_modules/.bin). Here it serves the sample data from a throwaway PostgreSQL
// (tests/support/with-postgres.sh), and the test asks it as a visitor would, over HTTP.
// No network: netlify-cli's telemetry and error reports are off (CI=true, a config of its own with
// telemetry disabled), Deno's update check is off, the edge runtime comes from @netlify/edge-functions-dev
// (NETLIFY_EDGE_BOOTSTRAP) and the one remote import of the edge bundler from the import map in
// netlify.toml (netlify/deno/import-map.json). Every process is pointed at a local proxy that refuses
// and counts whatever would have left this machine: the test expects none.
// The site is served from a copy of that build in .builds/netlify-runtime (a git repository of its own,
// which netlify-cli takes for the project root), so what netlify-cli writes never touches the build
// tests/unit/netlify-build.test.ts reads at the same time.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../src/features/account/account.sample.ts';
import { entryValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { MIN_DWELL_MS } from '../../src/lib/form-rules.ts';
import {
  MAINTENANCE_ERROR,
  OPERATOR_COOKIE,
  PASS_PATH,
  RETRY_AFTER_SECONDS,
} from '../../src/server/maintenance/state.ts';
import { netlifyBuild } from '../support/netlify-build.ts';
import { until } from '../support/until.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'node_modules', '.bin');
const work = join(root, '.builds', 'netlify-runtime');
const site = join(work, 'site');
const log = join(work, 'serve.log');
/** The shared build if this file is the first to need it, and netlify-cli's bundling, on a busy 2-core machine. */
const START_TIMEOUT = 900_000;
const STEP_TIMEOUT = 120_000;

/** What the function and the operator commands both need (src/server/config/). */
const siteEnv = {
  APP_SECRET: 'test-secret-of-at-least-32-characters',
  KEYS_DIR: join(work, 'keys'),
  APPLICATION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  OUTBOX_DIR: join(work, 'outbox'),
  DATA_DIR: join(work, 'data'),
  HUMAN_CHECK: 'local',
};

let serve: ChildProcess | undefined;
let exited: Promise<void> = Promise.resolve();
let proxy: Server | undefined;
/** What would have gone to the network: requests and tunnels the local proxy refused. */
const leaks: string[] = [];
let origin = '';
let databaseUrl = '';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(address)));
    });
  });

/** Where netlify-cli's build step finds the finished build's .netlify/v1 (outside .netlify/, which it clears). */
const PREBUILT = 'netlify-prebuilt-v1';

/** The shared Netlify build, copied; netlify-cli's build step puts its output back instead of building again. */
async function copySite(): Promise<void> {
  const built = await netlifyBuild();
  rmSync(work, { recursive: true, force: true });
  cpSync(built.site, site, { recursive: true });
  // `netlify serve` builds first: it deletes .netlify/v1, then runs netlify.toml's build command.
  renameSync(join(site, '.netlify', 'v1'), join(site, PREBUILT));
  const tomlFile = join(site, 'netlify.toml');
  const text = readFileSync(tomlFile, 'utf8');
  const command = `command = ${JSON.stringify((parse(text) as { build: { command: string } }).build.command)}`;
  if (!text.includes(command)) throw new Error(`netlify.toml: no line ${command}`);
  const restore = `rm -rf .netlify/v1 && mkdir -p .netlify && cp -R ${PREBUILT} .netlify/v1`;
  writeFileSync(tomlFile, text.replace(command, `command = ${JSON.stringify(restore)}`));
  // netlify-cli takes the nearest .git for the project's root; Node finds node_modules in the parents.
  await run('git', ['init', '-q'], { cwd: site });
  // The edge function reads APP_SECRET (to check an operator's cookie) from the site's settings, as
  // Netlify's UI gives them; netlify-cli hands an edge function only those and .env files, never the
  // shell's environment.
  writeFileSync(join(site, '.env'), `APP_SECRET=${siteEnv.APP_SECRET}\n`);
}

const tail = () => readFileSync(log, 'utf8').slice(-4000);

async function untilReady(deadline: number): Promise<void> {
  let stopped = false;
  exited.then(() => {
    stopped = true;
  });
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`netlify serve stopped:\n${tail()}`);
    try {
      // The server answers once the bundling and the edge runtime are done.
      const answer = await fetch(`${origin}/favicon.svg`, { signal: AbortSignal.timeout(10_000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`netlify serve was not ready in time:\n${tail()}`);
}

beforeAll(async () => {
  const deadline = Date.now() + START_TIMEOUT - 30_000;
  await copySite();
  proxy = createServer((request, response) => {
    leaks.push(`${request.method} ${request.url} ${request.headers['user-agent'] ?? ''}`.trim());
    response.writeHead(502).end();
  });
  proxy.on('connect', (request, socket) => {
    leaks.push(`CONNECT ${request.url} ${request.headers['user-agent'] ?? ''}`.trim());
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((done) => proxy?.listen(0, '127.0.0.1', done));
  const proxyAddress = proxy.address();
  const proxyUrl = `http://127.0.0.1:${typeof proxyAddress === 'object' && proxyAddress?.port}`;
  const home = join(work, 'home');
  // netlify-cli's global config (env-paths: $XDG_CONFIG_HOME/netlify): telemetry off from the start.
  mkdirSync(join(home, 'netlify'), { recursive: true });
  writeFileSync(join(home, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const urlFile = join(work, 'database-url');
  const script = [
    'echo "$DATABASE_URL" > "$URL_FILE"',
    `cd "${root}" && tsx scripts/seed.ts >/dev/null`,
    `cd "${site}" && exec netlify serve --offline --port ${port}`,
  ].join(' && ');
  const out = openSync(log, 'w');
  serve = spawn('bash', [join(root, 'tests/support/with-postgres.sh'), 'sh', '-c', script], {
    cwd: root,
    detached: true, // a process group of its own, stopped as one
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      ...siteEnv,
      PATH: `${bin}:${process.env.PATH}`,
      URL_FILE: urlFile,
      HOME: home,
      XDG_CONFIG_HOME: home,
      CI: 'true',
      NETLIFY_EDGE_BOOTSTRAP: `file://${join(root, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs')}`,
      DENO_NO_UPDATE_CHECK: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      DENO_DIR: join(work, 'deno'),
      BROWSER: 'none',
      NODE_USE_ENV_PROXY: '1',
      HTTP_PROXY: proxyUrl,
      HTTPS_PROXY: proxyUrl,
      http_proxy: proxyUrl,
      https_proxy: proxyUrl,
      NO_PROXY: '127.0.0.1,localhost,::1',
      no_proxy: '127.0.0.1,localhost,::1',
    },
  });
  const child = serve;
  exited = new Promise((done) => child.once('exit', () => done()));
  await untilReady(deadline);
  databaseUrl = readFileSync(urlFile, 'utf8').trim();
}, START_TIMEOUT);

afterAll(async () => {
  if (serve?.pid && serve.exitCode === null) {
    process.kill(-serve.pid, 'SIGTERM'); // the group: with-postgres.sh stops its cluster on the way out
    await exited;
  }
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
  // netlify-cli may still be writing .netlify/ as it stops.
  rmSync(work, { recursive: true, force: true, maxRetries: 10 });
}, STEP_TIMEOUT);

/** An operator command on the site's database (`npm run admin -- ...`). */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(join(bin, 'tsx'), ['scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...siteEnv, PATH: `${bin}:${process.env.PATH}`, DATABASE_URL: databaseUrl },
    timeout: STEP_TIMEOUT,
  });
  return stdout;
}

const key = { 'X-API-Key': DEFAULT_API_KEY };
const json = { ...key, 'Content-Type': 'application/json' };
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { headers, redirect: 'manual' });

/** Asks `path` until `done` holds, and answers that answer: the edge function reads the switch at most every TTL_MS. */
async function answerWhen(path: string, done: (answer: Response) => boolean): Promise<Response> {
  let answer: Response | undefined;
  await until(
    `${path} to answer as expected`,
    async () => {
      await answer?.arrayBuffer(); // the previous answer's body, read before asking again
      answer = await get(path);
      return done(answer);
    },
    { seconds: STEP_TIMEOUT / 1000, everyMs: 500 },
  );
  return answer as Response;
}

function expectSecurityHeaders(answer: Response) {
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
  expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
}

// A busy machine: the function's first call alone takes seconds.
describe('the site on Netlify’s runtime (netlify serve --offline), on PostgreSQL', {
  timeout: STEP_TIMEOUT,
}, () => {
  it('serves a content page from the CDN, through the edge function, with its headers', async () => {
    const answer = await get('/rewards');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<h1');
    expect(answer.headers.get('x-nf-edge-functions')).toBe('maintenance');
    expectSecurityHeaders(answer);
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src 'self'.*'sha256-/);
    expect(answer.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(answer.headers.get('cache-control')).toBeTruthy();
  });

  it('gives each page one address: the slash form is a 301 to it, query kept, at the edge', async () => {
    // The prebuilt page rewards.html and an on-demand page alike (netlify-cli's CDN would serve the
    // file at /rewards/ too, as the real one does with Pretty URLs off).
    for (const [path, location] of [
      ['/rewards/?utm_source=mail', '/rewards?utm_source=mail'],
      ['/page/rewards/', '/page/rewards'],
      ['/stores/1/', '/stores/1'],
    ]) {
      const answer = await get(path as string);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(location);
      expect(answer.headers.get('x-nf-edge-functions'), path).toBe('maintenance');
    }
    for (const path of ['/', '/news', '/account/login']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toContain('<link rel="canonical"');
    }
  });

  it('renders /stores in the function from the database, shared at the CDN and tagged', async () => {
    const answer = await get('/stores');
    expect(answer.status, tail()).toBe(200);
    expect(await answer.text()).toContain('Store #1');
    expect(answer.headers.get('x-nf-edge-functions')).toBe('maintenance');
    expectSecurityHeaders(answer);
    expect(answer.headers.get('permissions-policy')).toContain('geolocation=(self)');
    // Kept a day (no prices in its HTML) and purged by the stores' import (docs/decisions/0018).
    expect(answer.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, max-age=86400,/);
    expect(answer.headers.get('netlify-cache-tag')).toBe('stores,pages');
  });

  it('answers an API read with its cache headers, past the edge function', async () => {
    const answer = await get('/api/v1/store?size=2', key);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { items: unknown[] }).items).toHaveLength(2);
    expect(answer.headers.get('x-nf-edge-functions')).toBeNull(); // /api/* is excluded
    expect(answer.headers.get('cache-control')).toBeTruthy();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
  });

  it('redirects /fleet-fueling by the rule in netlify.toml', async () => {
    const answer = await get('/fleet-fueling');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/fleet-fueling.html');
  });

  it('takes a giveaway entry: ticket, local human check, dwell, entry', async () => {
    const active = await get('/api/v1/promotion?active_only=true', key);
    const [promotion] = ((await active.json()) as { items: { id: string }[] }).items;
    const ticket = (await (await get('/api/v1/form-ticket?form=giveaway', key)).json()) as { ticket: string };
    const ticketAt = Date.now();
    const check = await fetch(`${origin}/api/v1/human-check/local`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ action: 'giveaway' }),
    });
    const { token } = (await check.json()) as { token: string };
    // The forms' minimum time since the ticket (src/lib/form-rules.ts), measured from its issue.
    await new Promise((done) => setTimeout(done, Math.max(0, ticketAt + MIN_DWELL_MS + 200 - Date.now())));
    const entry = await fetch(`${origin}/api/v1/promotion/${promotion?.id}/entry`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        ...entryValues(uniqueEmail('netlify-runtime')),
        website: '',
        form_ticket: ticket.ticket,
        human_check_token: token,
      }),
    });
    expect(entry.status, await entry.clone().text()).toBe(201);
    expect(entry.headers.get('cache-control')).toBe('private, no-store');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it(
    'turns every page to the screen while maintenance is on, lets the operator in, and back off',
    async () => {
      const link = (await admin('maintenance', 'on')).match(/https?:\/\/\S+/)?.[0] ?? '';
      try {
        const page = await answerWhen('/rewards', (answer) => answer.status === 503);
        expect(page.status).toBe(503);
        expect(page.headers.get('x-nf-edge-functions')).toBe('maintenance');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await page.text()).toContain("We'll be back!");
        // The function's pages too, and the API by its own gate.
        expect((await get('/stores')).status).toBe(503);
        const api = await get('/api/v1/store?size=1', key);
        expect(api.status).toBe(503);
        expect(((await api.json()) as { error: { description: string } }).error.description).toBe(
          MAINTENANCE_ERROR.description,
        );
        // The operator link sets the cookie; with it the pages are there.
        const pass = await get(new URL(link).pathname + new URL(link).search);
        expect(new URL(link).pathname).toBe(PASS_PATH);
        const cookie = pass.headers.getSetCookie().find((line) => line.startsWith(`${OPERATOR_COOKIE}=`));
        expect(cookie, String(pass.status)).toBeTruthy();
        const asOperator = await get('/rewards', { Cookie: cookie?.split(';')[0] ?? '' });
        expect(asOperator.status).toBe(200);
      } finally {
        await admin('maintenance', 'off');
      }
      const back = await answerWhen('/rewards', (answer) => answer.status === 200);
      expect(back.status).toBe(200);
      expect((await get('/stores')).status).toBe(200);
    },
    3 * STEP_TIMEOUT,
  );

  it('reached nothing beyond this machine, and needed nothing from it', () => {
    // The one try refused: the edge bundler asks https://edge.netlify.com/version.txt whether newer
    // types exist, once per bundling, from Node (a CONNECT without a user agent), and goes on without
    // them. Whatever Deno would have fetched (the bootstrap, a remote import) is not asked for: the
    // edge function ran in every answer above.
    expect(leaks.filter((leak) => leak !== 'CONNECT edge.netlify.com:443')).toEqual([]);
    expect(tail()).not.toMatch(/fetch failed|Could not load latest version/);
  });
});
