// The production server (docs/decisions/0003), started by serve.ts. One process serves everything:
// - /api/v1 goes straight to the Hono app (api-binding.ts);
// - other GET/HEAD requests: the files of dist/client (static-files.ts: sirv, and small files from
//   memory), then Astro's handler (on-demand pages, the 404 page), loaded on first need since most
//   visits never reach it; on-demand pages kept as rendered until their data changes (page-cache.ts);
// - while the maintenance switch is on, every page answers its screen (src/server/maintenance/);
// - any other method gets a 405 (the API's own, with the route's Allow), never a 500;
// - every request: one JSON log line (request id, method, route, status, ms) and X-Request-Id;
// - /healthz and /readyz, the load balancer's probes (src/server/probes.ts), before anything else;
// - Prometheus' metrics on a port of their own, or /metrics with a bearer token (metrics-server.ts).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type compression from 'compression';
import onHeaders from 'on-headers';
import { pageCacheHeaders } from '../../lib/cache-policy.ts';
import { API_BASE } from '../app.ts';
import { ConfigError, loadConfig, parseEnv, type Settings } from '../config/index.ts';
import { type DataSource, dataFingerprint, recentFingerprint } from '../data-fingerprint.ts';
import type { AppDeps } from '../deps.ts';
import { closeDatabase, onShutdown, prepareDatabase, warnAboutSettings } from '../lifecycle.ts';
import { log } from '../log.ts';
import { maintenanceScreen, pageInMaintenance } from '../maintenance/page.ts';
import { knownOff } from '../maintenance/state.ts';
import { PROBE_HEADERS, PROBE_PATHS, probe } from '../probes.ts';
import { getApp, getDeps } from '../runtime.ts';
import { apiListener } from './api-binding.ts';
import { distDir } from './dist-dir.ts';
import { errorPage, isServerErrorPage } from './error-page-paths.ts';
import { finishRenderedHeaders, readPagePolicies, setCommonHeaders } from './headers.ts';
import { lingerWhileBodyUnread } from './lingering-close.ts';
import { keepMemoryReducerWorking } from './memory-reducer.ts';
import { pageRoute, routeAs } from './metrics-routes.ts';
import { METRICS_PATH, startMetrics } from './metrics-server.ts';
import { markNodeServer } from './node-server-mark.ts';
import { type PageRenderer, pageCache } from './page-cache.ts';
import { newRequestId, requestLog } from './request-log.ts';
import { readTarget, refuseTarget } from './request-path.ts';
import { staticFiles } from './static-files.ts';
import { applyTimeouts } from './timeouts.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

// Astro's API endpoint refuses in this process: the API is reached through its own route below.
markNodeServer();

const clientDir = distDir('client');
/**
 * A start that cannot succeed (a mistake in the settings, a read-only or full data folder, a
 * database that does not answer) ends with a clear message (one line; every mistake of the
 * settings, one a line) and exit code 1, not a stack trace or a crash at the first visitor.
 */
const cannotStart = (error: unknown): never => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[server] Cannot start: ${error instanceof ConfigError ? message : message.split('\n')[0]}`);
  process.exit(1);
};
let config: Settings | undefined;
try {
  // The whole configuration is checked here, before anything else: a mistake stops the start.
  config = loadConfig();
} catch (error) {
  cannotStart(error);
}
const trustProxy = Boolean(config?.trustProxy);
const { PORT: port, HOST: host } = parseEnv().env;
const policies = readPagePolicies(clientDir);

let astro: Promise<Listener> | undefined;
/** Astro's request handler, imported on first use (it brings the whole page renderer along). */
const astroHandler = (): Promise<Listener> => {
  astro ??= import(pathToFileURL(join(distDir('server'), 'entry.mjs')).href).then((m) => m.handler);
  return astro;
};

async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
  onHeaders(res, function () {
    finishRenderedHeaders(this, policies, (req.url ?? '/').split('?')[0]);
  });
  (await astroHandler())(req, res);
}

const files = staticFiles(clientDir, policies);
const maintenance = maintenanceScreen(clientDir, policies);

// Pages rendered on request (the locator, store pages, offers, the applications: 25-80 KB of HTML)
// are compressed as they go out (brotli or gzip, as the browser accepts), like the prebuilt pages,
// which are compressed ahead of time at the build. `tee` sees the body before it is compressed.
// compression is loaded with the first such page, as Astro is: it brings the whole mime-db along
// (docs/decisions/0009-server-memory.md).
let compressor: Promise<ReturnType<typeof compression>> | undefined;
const compress = () => {
  compressor ??= import('compression').then(({ default: create }) => create({ threshold: 1024 }));
  return compressor;
};
const renderCompressed: PageRenderer = (req, res, tee) => {
  compress().then(
    (middleware) =>
      middleware(req, res, () => {
        tee?.(res);
        return render(req, res);
      }),
    (error) => res.destroy(error),
  );
};
// Most of them are kept as rendered, once per change of their data (page-cache.ts).
let deps: AppDeps | undefined;
/** The tables' fingerprints: at once while each was read within the second, as on nearly every request. */
function pageDataFingerprint(sources: readonly DataSource[]): string | Promise<string> {
  if (!deps) {
    return getDeps().then((started) => {
      deps = started;
      return pageDataFingerprint(sources);
    });
  }
  const { db, now } = deps;
  const at = now();
  const recent = sources.map((source) => recentFingerprint(db, source, at));
  if (recent.every((value) => value !== undefined)) return recent.join('|');
  return Promise.all(sources.map((source) => dataFingerprint(db, source, at))).then((all) => all.join('|'));
}
const pages = pageCache({ render: renderCompressed, fingerprint: pageDataFingerprint });

/**
 * True when sirv would answer an extensionless path with a `<path>.html` file: pages live in
 * `<path>/index.html`; a lone `x.html` (the /fleet-fueling.html target) belongs to its own name, and
 * `/x` is then an on-demand route (the /fleet-fueling redirect) or not found.
 */
function onlyByExtension(path: string): boolean {
  const bare = path.replace(/\/+$/, '');
  return !/\.\w+$/.test(bare) && policies.has(`${bare}.html`) && !policies.has(`${bare}/index.html`);
}

/** The path as a file name, or undefined when its %-encoding is broken (`/stores/%ZZ`). */
const decoded = (path: string): string | undefined => {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return undefined;
  }
};

/** The 301 from a path with a trailing slash to the one without, with the caching of a redirect. */
function redirectWithoutSlash(res: ServerResponse, path: string, search: string): void {
  const bare = path.replace(/\/+$/, '') || '/';
  res.writeHead(301, { Location: `${bare}${search}`, ...pageCacheHeaders(bare, 301), 'Content-Length': 0 });
  res.end();
}

// One JSON log line per request (request-log.ts), and its id as X-Request-Id.
const track = requestLog({ trustProxy });

async function answerProbe(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    res.end('Method Not Allowed');
    return;
  }
  const { status, body } = await probe(path);
  res.writeHead(status, PROBE_HEADERS);
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  // An answer given before the body is read still reaches the client (lingering-close.ts).
  lingerWhileBodyUnread(req);
  track(req, res);
  // One path before every rule (request-path.ts): `/%61pi/v1/...` and `/_astro/../api\v1/...` are
  // `/api/v1/...`, for the routing below, maintenance, caching and the security headers alike, and
  // Astro gets that path too; a target it cannot read so is refused.
  const target = readTarget(req.url);
  if (!target) {
    setCommonHeaders(req, res, trustProxy, API_BASE); // a JSON answer: the API's headers
    routeAs(req, '(invalid path)');
    return refuseTarget(res, req.method === 'HEAD');
  }
  const { path } = target;
  req.url = `${path}${target.search}`;
  setCommonHeaders(req, res, trustProxy);
  if (PROBE_PATHS.has(path)) {
    routeAs(req, path);
    return answerProbe(req, res, path);
  }
  if (path === METRICS_PATH && metricsHere) {
    routeAs(req, path);
    return metricsHere(req, res);
  }
  if (path === '/api/v1' || path.startsWith('/api/v1/')) {
    return apiListener(req, res);
  }
  // Maintenance switch on: every page, static or rendered, answers the 'We'll be back!' screen.
  // Known to be off (read within the second): no wait at all, as the API's gate does.
  const off = deps !== undefined && knownOff(deps);
  if (!off && (await pageInMaintenance(path, req.headers.cookie, res))) {
    routeAs(req, '(maintenance)');
    return maintenance(req, res);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    routeAs(req, '(method not allowed)');
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    return res.end('Method Not Allowed');
  }
  // One address per page (docs/caching.md): `/news/` is a permanent redirect to `/news`, the address
  // the links, the canonical link and the sitemap name, its query kept; a cache keeps the page once.
  if (path.length > 1 && path.endsWith('/')) {
    routeAs(req, '(redirect)');
    return redirectWithoutSlash(res, path, target.search);
  }
  // Not found, like any unknown path: the 500 page's own address (Astro would render it with its 500
  // status, a server error for anyone who types it in), and an address whose %-encoding is broken
  // (Astro would answer 404 but log an error for it, and scanners send thousands).
  const file = decoded(path);
  if (file === undefined || isServerErrorPage(req.url)) {
    req.url = '/404';
    return renderCompressed(req, res);
  }
  if (errorPage.test(path) || onlyByExtension(path)) {
    routeAs(req, pageRoute(path));
    return renderCompressed(req, res);
  }
  // A kept page first: no file is ever at an on-demand page's path, and looking for one costs more
  // than sending it.
  // (Labelled for the metrics once answered: a prebuilt file, the most common answer, is the default.)
  const kept = pages.answer(req, res);
  if (kept === true || (kept !== false && (await kept))) return routeAs(req, pageRoute(path));
  files(req, res, file, () => {
    routeAs(req, pageRoute(path));
    return pages.render(req, res);
  });
});

// CONNECT (a proxy's method) never reaches the request handler: refuse it here too.
server.on('connect', (_req, socket) => {
  log.info({ request_id: newRequestId(), method: 'CONNECT', route: null, status: 405, ms: 0 });
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  );
});

warnAboutSettings();
// Metrics, when the settings ask for them: the public port's /metrics (with METRICS_TOKEN only).
const metricsHere = startMetrics(config as Settings, {
  deps: getDeps,
  ready: async () => (await probe('/readyz')).status === 200,
});
keepMemoryReducerWorking();
// The database, migrated, before the first request. Sample data is a step of its own (`npm run seed`).
await prepareDatabase().catch(cannotStart);
// Keep-alive above a balancer's 60 s; headers within 66 s; a whole request as long as the largest
// upload takes at 256 kbit/s (timeouts.ts).
applyTimeouts(server);
getApp().catch(() => {}); // the API and its job worker now, not at the first request (which retries)
getDeps().then(
  (started) => {
    deps = started;
  },
  () => {},
);
server.listen(port, host, () => log.info(`Serving on http://${host}:${port}`));
// On SIGTERM: /readyz fails at once, requests are answered for DRAIN_SECONDS, then the server closes
// (requests in flight finish), the database closes, exit 0. docs/api.md "Load balancers".
onShutdown(server, closeDatabase);
