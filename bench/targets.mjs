// The speed targets (docs/architecture.md, "Tests"), each checked against the figures `npm run bench` saved (bench/results.mjs).
// A target whose figures are missing (a benchmark that failed) is reported as not measured.

import { ENTRY_FLOOR, SETUPS } from './scaling-setups.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One row per target: what it asks, the figure measured, met (true/false/null = not measured).
 * @param {Record<string, any>} parts  the saved parts by name (bench/results.mjs readParts); any may be missing
 */
export function checkTargets({
  lighthouse,
  pages,
  server,
  gazetteer,
  rolling,
  'rolling-postgres': rollingPostgres,
  cdn,
  scaling,
}) {
  const rows = [];
  const add = (target, figure, met) => rows.push({ target, figure, met });
  const lh = lighthouse?.pages ?? [];
  const score = (path) => lh.find((p) => p.path === path)?.performance;

  const content = lh.filter((p) => p.kind === 'content');
  const framework = (pages?.pages ?? []).filter((p) => p.content && p.framework);
  add(
    'Content pages: Lighthouse performance 100',
    content.map((p) => `${p.path} ${p.performance}`).join(', ') || 'not measured',
    content.length ? content.every((p) => p.performance === 100) : null,
  );
  add(
    'Content pages: no framework JavaScript',
    pages
      ? `${framework.length} of ${pages.pages.filter((p) => p.content).length} content pages ship React`
      : 'not measured',
    pages ? framework.length === 0 : null,
  );
  for (const path of ['/', '/stores']) {
    const value = score(path);
    add(
      `${path} Lighthouse performance >= 95`,
      value ?? 'not measured',
      value === undefined ? null : value >= 95,
    );
  }
  const islands = (pages?.pages ?? []).filter((p) => !p.content);
  const heavy = islands.filter((p) => p.jsBrotli >= 82 * 1024);
  add(
    'Island pages: < 82 KB of compressed JavaScript before interaction',
    pages
      ? `largest ${kb(Math.max(0, ...islands.map((p) => p.jsBrotli)))}; over: ${heavy.map((p) => `${p.page} ${kb(p.jsBrotli)}`).join(', ') || 'none'}`
      : 'not measured',
    pages ? heavy.length === 0 : null,
  );
  const locator = pages?.pages.find((p) => p.page === '/stores');
  add(
    '/stores: the list readable with no JavaScript (product.md 2.9)',
    pages ? `${pages.storesInLocatorHtml} stores in the HTML` : 'not measured',
    pages ? pages.storesInLocatorHtml > 0 : null,
  );
  add(
    '/stores: no map code before the list is drawn (product.md 2.9)',
    locator
      ? `${kb(locator.jsBrotli)} before interaction, map code ${locator.mapEager ? 'among it' : `later (${kb(locator.lazyJsGzip)} gzip)`}`
      : 'not measured',
    locator ? !locator.mapEager : null,
  );
  add(
    'Rolling restart of two servers under load: no failed request',
    rolling ? `${rolling.failed} failed of ${rolling.requests}` : 'not measured',
    rolling ? rolling.failed === 0 : null,
  );
  add(
    'Rolling restart of two servers on one PostgreSQL under load: no failed request',
    rollingPostgres ? `${rollingPostgres.failed} failed of ${rollingPostgres.requests}` : 'not measured',
    rollingPostgres ? rollingPostgres.failed === 0 : null,
  );
  const api = (name) => server?.cases.find((c) => c.case.startsWith(name));
  const list = api('GET /api/v1/store');
  add(
    'GET /store?size=1000 >= 0.85 of bare node:http',
    list ? `${list.ratio} (${list.ours.rps} vs ${list.bare.rps} req/s)` : 'not measured',
    list ? list.ratio >= 0.85 : null,
  );
  // docs/architecture.md, "Caching": on-demand pages kept as rendered by the Node server (src/server/http/page-cache.ts).
  for (const path of ['/stores', '/stores/1']) {
    const row = api(`GET ${path} `);
    add(
      `GET ${path} (rendered on demand) >= 0.8 of bare node:http`,
      row ? `${row.ratio} (${row.ours.rps} vs ${row.bare.rps} req/s)` : 'not measured',
      row ? row.ratio >= 0.8 : null,
    );
  }
  // Giveaway entries: a floor with room for what a chain needs (bench/scaling-setups.mjs), for each
  // setup of bench/entry-scaling.mjs; entries a second beside it, not a race between the setups.
  const { perSecond: floor, p99Ms: p99Floor, connections } = ENTRY_FLOOR;
  for (const name of [SETUPS.sqlite, SETUPS.onePostgres, SETUPS.twoPostgres]) {
    const setup = scaling?.setups.find((s) => s.setup === name);
    add(
      `Giveaway entries, ${name}: >= ${floor}/s with p99 < ${p99Floor} ms at ${connections} connections`,
      setup ? `${setup.perSecond}/s, p99 ${setup.p99Ms} ms` : 'not measured',
      setup ? setup.perSecond >= floor && setup.p99Ms < p99Floor : null,
    );
  }
  const rest = server?.memory.restMb;
  add(
    'Server RSS < 100 MB at rest',
    rest === undefined ? 'not measured' : `${rest} MB`,
    rest === undefined ? null : rest < 100,
  );
  const settled = server?.memory.settledMb;
  add(
    `Server RSS <= 200 MB after load (${server?.memory.settleSeconds} s after)`,
    settled === undefined
      ? 'not measured'
      : `${settled} MB (peak under load ${server?.memory.peakUnderLoadMb} MB)`,
    settled === undefined ? null : settled <= 200,
  );
  // docs/decisions/0018-edge-holds-the-day.md: a CDN honouring our headers answers nine in ten of a simulated day, on three
  // seeds read as RFC 9213 and as Fastly, and never sends a price older than a minute (bench/cdn-share.mjs).
  const runs = cdn?.runs ?? [];
  add(
    'CDN share of a simulated day >= 90% (each seed, RFC 9213 and Fastly)',
    runs.map((r) => `${r.seed}/${r.reader} ${(r.share * 100).toFixed(1)}%`).join(', ') || 'not measured',
    runs.length ? runs.every((r) => r.share >= 0.9) : null,
  );
  add(
    'Prices from the CDN never older than 60 s: stale answers 0 (three price changes a day)',
    runs.length
      ? `${runs.reduce((sum, r) => sum + r.stale, 0)} stale in ${runs.length} days`
      : 'not measured',
    runs.length ? runs.every((r) => r.stale === 0) : null,
  );
  // The same day through a real Varnish with ops/varnish/default.vcl (tests/support/varnish.mjs).
  const varnish = cdn?.varnish;
  add(
    'Through Varnish (ops/varnish/): what a shared cache may keep is fetched once between price changes, nothing personal kept, no stale price',
    varnish
      ? `${varnish.refetched} fetched twice, ${varnish.personalKept} personal kept, ${varnish.stale} stale`
      : 'not measured',
    varnish ? varnish.refetched === 0 && varnish.personalKept === 0 && varnish.stale === 0 : null,
  );
  // Entries and a member's answers are never kept: they cap the share below 100% whatever the cache.
  add(
    'Through Varnish: the day >= 93% answered by it',
    varnish
      ? `${(varnish.share * 100).toFixed(1)}% (at most ${(varnish.ceiling * 100).toFixed(1)}% on this mix), ${(varnish.keptShare * 100).toFixed(1)}% of what it may keep`
      : 'not measured',
    varnish ? varnish.share >= 0.93 : null,
  );
  const heap = gazetteer?.heapMb;
  add(
    'Gazetteer < 16 MB of heap once loaded',
    heap === undefined ? 'not measured' : `${heap} MB`,
    heap === undefined ? null : heap < 16,
  );
  return rows;
}
