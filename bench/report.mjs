// Joins the parts `npm run bench` saved into the one report: bench/results/report.json (every figure)
// and bench/results/report.md (tables, the targets met or missed, the machine's load per part, and
// bench/results/analysis.md: why a target is missed, written by hand after reading the figures).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR, readParts } from './results.mjs';
import { checkTargets } from './targets.mjs';

const parts = readParts();
const targets = checkTargets(parts);
const { lighthouse, pages, server, database } = parts;
const steps = process.argv[2] ? JSON.parse(process.argv[2]) : undefined;
writeFileSync(join(RESULTS_DIR, 'report.json'), `${JSON.stringify({ targets, steps, ...parts }, null, 2)}\n`);

const kb = (bytes) => (bytes === undefined ? '' : `${(bytes / 1024).toFixed(1)}`);
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => ' --- ').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
/** A setup's processor time per entry in all: its servers', PostgreSQL's and the load generator's (ms). */
const allMs = (cpu) => (cpu.serversMs + (cpu.postgresMs ?? 0) + cpu.loadGeneratorMs).toFixed(2);
const met = (value) => (value === null ? 'not measured' : value ? 'met' : '**missed**');
const load = (part) =>
  part ? `load average ${part.loadavg.join(' / ')} on ${part.cores} cores, ${part.measuredAt}` : 'not run';

const md = [
  '# Benchmark report',
  '',
  `Written by \`npm run bench\` (run as \`nice -n 10 npm run bench\` on a shared machine) on ${new Date().toISOString()}, Node ${process.version}.`,
  'Throughput figures depend on the machine and its other work: the load average (1 / 5 / 15 min) is given per part.',
  '',
  '## Targets',
  '',
  table(
    ['Target', 'Measured', 'Result'],
    targets.map((t) => [t.target, String(t.figure), met(t.met)]),
  ),
  '',
  `## Lighthouse ${lighthouse?.lighthouse ?? ''}, mobile (simulated slow 4G, 4x CPU), Chromium ${lighthouse?.chromium ?? ''}`,
  '',
  `${load(lighthouse)}. Bytes: transfer size in KB (compressed body plus headers) of the HTML, CSS and JavaScript requested during the load; repeat visit: a second run in the same browser with the cache warm (Lighthouse's storage reset off).`,
  '',
  table(
    [
      'Page',
      'Perf',
      'LCP ms',
      'TBT ms',
      'CLS',
      'SI ms',
      'First HTML',
      'First CSS',
      'First JS',
      'Repeat HTML',
      'Repeat CSS',
      'Repeat JS',
    ],
    (lighthouse?.pages ?? []).map((p) => [
      p.path,
      p.performance,
      p.lcpMs,
      p.tbtMs,
      p.cls,
      p.speedIndexMs,
      kb(p.firstVisit.html),
      kb(p.firstVisit.css),
      kb(p.firstVisit.js),
      kb(p.repeatVisit.html),
      kb(p.repeatVisit.css),
      kb(p.repeatVisit.js),
    ]),
  ),
  '',
  '## Page weight from the build (bench/pages.mjs)',
  '',
  `${load(pages)}. Interactive pages: JavaScript loaded before any interaction, brotli as sent (KB); later: what is \`import()\`ed afterwards (gzip).`,
  '',
  table(
    ['Page', 'HTML+CSS gzip', 'JS brotli', 'Budget', 'Later JS gzip'],
    (pages?.pages ?? [])
      .filter((p) => !p.content)
      .map((p) => [p.page, kb(p.htmlCssGzip), kb(p.jsBrotli), kb(p.jsBudget), kb(p.lazyJsGzip)]),
  ),
  '',
  `Content pages: ${(pages?.pages ?? []).filter((p) => p.content).length}, largest first visit ${kb(Math.max(0, ...(pages?.pages ?? []).filter((p) => p.content).map((p) => p.htmlCssGzip)))} KB gzip (budget ${kb(pages?.contentBudget)} KB).`,
  '',
  pages?.storeList
    ? `GET /store?size=1000 (what the locator loads after its list): ${pages.storeList.stores} stores, ${kb(pages.storeList.bytes)} KB of JSON, ${kb(pages.storeList.sent)} KB sent (${pages.storeList.encoding}); answer time median ${pages.storeList.full.median.toFixed(1)} ms, p95 ${pages.storeList.full.p95.toFixed(1)} ms; repeat visit (304) median ${pages.storeList.notModified?.median.toFixed(1)} ms, over 100 calls one at a time.`
    : '',
  '',
  '## Server on loopback (autocannon, 10 connections; bench/server.mjs)',
  '',
  `${load(server)}. Ours: the built server with the sample data; bare: node:http sending the same bytes. ${server?.secondsPerCase ?? ''} s per case and server in ${server?.rounds ?? ''} alternating rounds (entries: a fixed number per round, each a new person); p50/p99 the worst round's.`,
  '',
  table(
    [
      'Case',
      'Ours req/s',
      'Bare req/s',
      'Ratio',
      'Ours p50/p99 ms',
      'Bare p50/p99 ms',
      'CPU µs/req ours/bare',
    ],
    (server?.cases ?? []).map((c) => [
      c.case,
      c.ours.rps,
      c.bare.rps,
      c.ratio,
      `${c.ours.p50Ms}/${c.ours.p99Ms}`,
      `${c.bare.p50Ms}/${c.bare.p99Ms}`,
      `${c.ours.cpuUsPerRequest}/${c.bare.cpuUsPerRequest}`,
    ]),
  ),
  '',
  server
    ? `Server memory (RSS): ${server.memory.restMb} MB at rest, ${server.memory.peakUnderLoadMb} MB at the peak under load, ${server.memory.afterLoadMb} MB right after${server.memory.settledMb === undefined ? '' : `, ${server.memory.settledMb} MB ${server.memory.settleSeconds} s after`}.`
    : '',
  '',
  '## Rolling restart under load (bench/rolling-restart.mjs)',
  '',
  ...[
    ['SQLite', parts.rolling],
    ['PostgreSQL', parts['rolling-postgres']],
  ].flatMap(([database, rolling]) => [
    rolling
      ? `${database}: ${load(rolling)}. Two built servers on one database behind a round-robin client that follows /readyz every ${rolling.checkEveryMs} ms; each server in turn gets SIGTERM (drain ${rolling.drainSeconds} s), is started again and rejoins, under ${rolling.concurrency} requests at a time: **${rolling.failed} failed of ${rolling.requests}** in ${rolling.seconds} s.${rolling.failures.length ? ` First failures: ${rolling.failures.join('; ')}.` : ''}`
      : `${database}: not run`,
    '',
  ]),
  '## Giveaway entries through one and two servers (bench/entry-scaling.mjs)',
  '',
  `${load(parts.scaling)}. Each entry a new person, ${parts.scaling?.connections ?? '?'} connections in all (split between the servers), each setup on its own fresh database, in one run: every server first warmed up with ${parts.scaling?.warmUp ?? '?'} entries of its own, then the setups take turns, ${parts.scaling?.rounds ?? 1} rounds each; a setup's figure is its entries over the time of its rounds (each to its last answer), and its answer times over all its rounds. Each is judged against its floor (Targets), not against the others: the servers and PostgreSQL share the machine's cores.`,
  '',
  table(
    ['Setup', 'Entries a second', 'p50 / p99 ms', 'Rounds (entries a second)', 'Entries', 'Seconds'],
    (parts.scaling?.setups ?? []).map((s) => [
      s.setup,
      s.perSecond,
      `${s.p50Ms} / ${s.p99Ms}`,
      (s.rounds ?? []).join(', '),
      s.entries,
      s.seconds,
    ]),
  ),
  '',
  "Processor time per entry over the rounds (Linux's /proc): the servers' own, PostgreSQL's (every process of its cluster) and the load generator's, and how often a server was taken off its core while it could have run on (involuntary context switches). Their sum against the machine's cores says how near the setup ran to the whole machine.",
  '',
  table(
    ['Setup', 'Servers (ms)', 'PostgreSQL (ms)', 'Load generator (ms)', 'All (ms)', 'Server preemptions'],
    (parts.scaling?.setups ?? []).map(({ setup, cpuPerEntry: cpu }) =>
      cpu
        ? [
            setup,
            cpu.serversMs,
            cpu.postgresMs ?? '—',
            cpu.loadGeneratorMs,
            allMs(cpu),
            cpu.serverPreemptions,
          ]
        : [setup, 'not measured (no /proc)', '', '', '', ''],
    ),
  ),
  '',
  '## A CDN in front (bench/cdn-share.mjs)',
  '',
  parts.cdn
    ? `${load(parts.cdn)}. A simulated day of ${parts.cdn.requests} requests (content pages, the locator, store pages and their prices reads, the giveaway page and entries, the API's public reads, signed-in /me calls) through a shared cache honouring our headers (http-cache-semantics), with ${parts.cdn.priceChanges} price changes through \`stores prices\` (purge ${parts.cdn.purge ? 'on' : 'off'}): **${(parts.cdn.share * 100).toFixed(1)}% answered from the cache** (seed ${parts.cdn.seed}, read as ${parts.cdn.reader}), **${parts.cdn.stale} answers with a price older than 60 s**; ${parts.cdn.revalidated} revalidated by the server (304), ${parts.cdn.full} sent by it in full, ${parts.cdn.backgroundRevalidations} background revalidations. Server memory after the load: ${parts.cdn.rssAfterLoadMb} MB.\n\n${table(
        ['Seed', 'Read as', 'Requests', 'From the cache', 'Stale prices'],
        (parts.cdn.runs ?? []).map((r) => [
          r.seed,
          r.reader,
          r.requests,
          `${(r.share * 100).toFixed(1)}%`,
          r.stale,
        ]),
      )}\n\n${table(
        ['Requests', 'Count', 'From the cache'],
        Object.entries(parts.cdn.byKind).map(([kind, k]) => [
          kind,
          k.requests,
          `${k.fromCache} (${((100 * k.fromCache) / k.requests).toFixed(0)}%)`,
        ]),
      )}\n\n${
        parts.cdn.varnish
          ? `The same day (seed ${parts.cdn.varnish.seed}) through a real Varnish with ops/varnish/default.vcl in front of the server, in real time (no lifetime runs out; the price changes purge it through \`VARNISH_PURGE_URL\`): **${(parts.cdn.varnish.share * 100).toFixed(1)}% answered by Varnish** of ${parts.cdn.varnish.requests} requests, **${parts.cdn.varnish.stale} stale prices, ${parts.cdn.varnish.personalKept} personal answers kept**, ${parts.cdn.varnish.refused} refused (4xx).`
          : 'Through a real Varnish: not measured (CDN_VARNISH=0, or no varnishd: tests/support/ensure-varnish.sh).'
      }`
    : 'not run',
  '',
  `## Database inserts beside entries (${database?.database ?? 'not run'})`,
  '',
  `${load(database)}. In-process (vitest bench, src/features/giveaway/entries.bench.ts), one at a time.`,
  '',
  table(
    ['Way', 'Per second', 'p50 ms', 'p99 ms'],
    Object.values(database?.entries ?? {}).map((e) => [
      e.name,
      e.perSecond,
      e.p50Ms?.toFixed(3),
      e.p99Ms?.toFixed(2),
    ]),
  ),
  '',
  '## API in-process (src/server/api.bench.ts: app.request() on SQLite, no network)',
  '',
  `${load(parts.api)}.`,
  '',
  table(
    ['Call', 'Per second', 'p50 ms', 'p99 ms'],
    Object.entries(parts.api?.inProcess ?? {}).map(([name, e]) => [
      name,
      e.perSecond,
      e.p50Ms?.toFixed(3),
      e.p99Ms?.toFixed(2),
    ]),
  ),
  '',
  steps
    ? `Steps: ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : `FAILED (${s.code})`}`).join(', ')} (page weight exits 1 when a page is over its byte budget).`
    : '',
  '',
];
const analysis = join(RESULTS_DIR, 'analysis.md');
if (existsSync(analysis)) md.push(readFileSync(analysis, 'utf8'));
writeFileSync(join(RESULTS_DIR, 'report.md'), md.join('\n'));
console.log(`report: ${join(RESULTS_DIR, 'report.md')} and report.json`);
for (const t of targets) console.log(`${met(t.met).replaceAll('*', '')}: ${t.target}: ${t.figure}`);
