// The production server (docs/decisions/0003). One process serves everything:
// - /api/v1 goes straight to the Hono app (bundled as dist/api/node.mjs by scripts/build-api.mjs);
// - other GET/HEAD requests: the files of dist/client (scripts/static-files.mjs: sirv, and small
//   files from memory), then Astro's handler (on-demand pages, the 404 page), loaded on first
//   need since most visits never reach it;
// - any other method gets a 405 (the API's own, with the route's Allow), never a 500;
// - every request: one JSON log line (request id, method, route, status, ms) and X-Request-Id.
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import onHeaders from 'on-headers';
import { distDir } from './dist-dir.mjs';
import { maintenanceScreen } from './maintenance-page.mjs';
import { keepMemoryReducerWorking } from './memory-reducer.mjs';
import { finishRenderedHeaders, readPagePolicies, setCommonHeaders } from './serve-headers.mjs';
import { staticFiles } from './static-files.mjs';

// The production server renders as production: React's server renderer and Astro's runtime read
// NODE_ENV when the API and the page renderer load (below, after this line). Left unset, or `test`
// from a test runner, pages rendered with React's development build, slower and 1.5 MB more code
// kept in memory; `development` also added Astro's development attributes. Nothing of ours reads it,
// nor do the packages imported above.
process.env.NODE_ENV = 'production';
const api = await import(pathToFileURL(join(distDir('api'), 'node.mjs')).href);
const clientDir = distDir('client');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
/**
 * A start that cannot succeed (a read-only or full data folder, a database that does not answer)
 * ends with one clear line and exit code 1, not a stack trace or a crash at the first visitor.
 */
const cannotStart = (error) => {
  console.error(`[server] Cannot start: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
};
let settings;
try {
  settings = api.serverSettings();
} catch (error) {
  cannotStart(error);
}
const { trustProxy } = settings;
const policies = readPagePolicies(clientDir);

let astro;
/** Astro's request handler, imported on first use (it brings the whole page renderer along). */
const astroHandler = () => {
  astro ??= import(pathToFileURL(join(distDir('server'), 'entry.mjs')).href).then((m) => m.handler);
  return astro;
};

async function render(req, res) {
  onHeaders(res, function () {
    finishRenderedHeaders(this, policies, (req.url ?? '/').split('?')[0]);
  });
  (await astroHandler())(req, res);
}

const files = staticFiles(clientDir, policies);
const maintenance = maintenanceScreen(clientDir, policies, api.RETRY_AFTER_SECONDS);

// Pages rendered on request (the locator, store pages, offers, the applications: 25-80 KB of HTML)
// are compressed as they go out (brotli or gzip, as the browser accepts), like the prebuilt pages,
// which are compressed ahead of time at the build.
const compress = compression({ threshold: 1024 });
const renderCompressed = (req, res) => compress(req, res, () => render(req, res));

// The error pages are rendered with their status by Astro, never sent as a 200 file.
const errorPage = /^\/(404|500)(\.html|\/|\/index\.html)?$/;
/** True when the target, read as Astro reads it (dot segments, doubled slashes, encoding), is /500. */
function isServerErrorPage(target = '/') {
  let path;
  try {
    // An absolute-form target (`GET http://host/500`) names its path as Astro's adapter reads it.
    const url = target.startsWith('/') ? new URL(`http://host${target}`) : new URL(target);
    path = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  return /^\/500(\.html|\/|\/index\.html)?$/.test(path.replace(/\/{2,}/g, '/'));
}
/**
 * True when sirv would answer an extensionless path with a `<path>.html` file: pages live in
 * `<path>/index.html`; a lone `x.html` (the /fleet-fueling.html target) belongs to its own name, and
 * `/x` is then an on-demand route (the /fleet-fueling redirect) or not found.
 */
function onlyByExtension(path) {
  const bare = path.replace(/\/+$/, '');
  return !/\.\w+$/.test(bare) && policies.has(`${bare}.html`) && !policies.has(`${bare}/index.html`);
}

/** The path as a file name, or undefined when its %-encoding is broken (`/stores/%ZZ`). */
const decoded = (path) => {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return undefined;
  }
};

// One JSON log line per request (src/server/request-log.ts), and its id as X-Request-Id.
const track = api.requestLog({ trustProxy });

const server = http.createServer(async (req, res) => {
  track(req, res);
  setCommonHeaders(req, res, trustProxy);
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/api/v1' || path.startsWith('/api/v1/')) {
    return api.apiListener(req, res);
  }
  // Maintenance switch on: every page, static or rendered, answers the 'We'll be back!' screen.
  if (await api.pageInMaintenance(path, req.headers.cookie)) return maintenance(req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    return res.end('Method Not Allowed');
  }
  // Not found, like any unknown path: the 500 page's own address (Astro would render it with its 500
  // status, a server error for anyone who types it in), and an address whose %-encoding is broken
  // (Astro would answer 404 but log an error for it, and scanners send thousands).
  const file = decoded(path);
  if (file === undefined || isServerErrorPage(req.url)) {
    req.url = '/404';
    return renderCompressed(req, res);
  }
  if (errorPage.test(path) || onlyByExtension(path)) return renderCompressed(req, res);
  files(req, res, file, () => renderCompressed(req, res));
});

// CONNECT (a proxy's method) never reaches the request handler: refuse it here too.
server.on('connect', (_req, socket) => {
  api.log.info({ request_id: api.newRequestId(), method: 'CONNECT', route: null, status: 405, ms: 0 });
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  );
});

api.warnAboutSettings();
keepMemoryReducerWorking();
// The database, migrated, before the first request. Sample data is a step of its own (`npm run seed`).
await api.prepareDatabase().catch(cannotStart);
server.listen(port, host, () => api.log.info(`Serving on http://${host}:${port}`));
// Clean shutdown: stop accepting, let requests in flight finish, close the database, exit 0.
api.onShutdown(server, api.closeDatabase);
