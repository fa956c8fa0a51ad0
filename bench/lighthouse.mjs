// Lighthouse 13, mobile (its default: a mid-range phone on slow 4G, simulated throttling), against
// the built server with the sample data, offline on loopback, in the system Chromium. Per page: the
// performance score, LCP, TBT, CLS, and the bytes of HTML, CSS and JavaScript that crossed the wire
// (transfer size: compressed body plus headers) on a first visit (cache emptied by Lighthouse) and
// on a repeat visit: a second Lighthouse run in the same browser with the storage reset turned off,
// so the HTTP cache of the first visit is warm and only what the cache rules send again is counted
// (a 304 for the HTML, nothing for hashed assets).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { writePart } from './results.mjs';

/** The pages measured: home, a content page, the locator, a store page, offers, sign-in, both applications. */
export const LIGHTHOUSE_PAGES = [
  { path: '/', kind: 'home' },
  { path: '/charge-card', kind: 'content' },
  { path: '/stores', kind: 'locator' },
  { path: '/stores/1', kind: 'island' },
  { path: '/specials', kind: 'island' },
  { path: '/account/login', kind: 'island' },
  { path: '/frame/charge-card', kind: 'island' },
  { path: '/frame/fleet-fueling', kind: 'island' },
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const rank = (lhr) => lhr.categories.performance.score * 1e6 - lhr.audits['total-blocking-time'].numericValue;
const TYPES = { Document: 'html', Stylesheet: 'css', Script: 'js' };

/** Bytes per kind (html, css, js) from Lighthouse's network records of one run. */
function bytesByType(lhr) {
  const bytes = { html: 0, css: 0, js: 0, requests: 0 };
  for (const item of lhr.audits['network-requests'].details.items) {
    const type = TYPES[item.resourceType];
    if (!type) continue;
    bytes[type] += item.transferSize ?? 0;
    if ((item.transferSize ?? 0) > 0) bytes.requests += 1;
  }
  return bytes;
}

async function audit(url, port, repeat) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const { lhr } = await lighthouse(url, { ...flags, disableStorageReset: repeat });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

const server = await startBuiltServer({ seed: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--enable-unsafe-swiftshader'],
});
const pages = [];
let versions = {};
try {
  // LIGHTHOUSE_PAGES=/stores,/stores/1 measures only those (while working on a page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  for (const { path, kind } of LIGHTHOUSE_PAGES.filter((p) => !only || only.includes(p.path))) {
    // Lighthouse's advice for a noisy machine: several runs, the median one (by score, then TBT).
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(server.base + path, chrome.port, false));
    runs.sort((a, b) => rank(a) - rank(b));
    const first = runs[Math.floor(RUNS / 2)];
    const repeat = await audit(server.base + path, chrome.port, true);
    versions = {
      lighthouse: first.lighthouseVersion,
      chromium: first.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1],
    };
    const value = (id) => first.audits[id].numericValue;
    const page = {
      path,
      kind,
      runs: runs.map((lhr) => Math.round(lhr.categories.performance.score * 100)),
      performance: Math.round(first.categories.performance.score * 100),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(value('speed-index')),
      firstVisit: bytesByType(first),
      repeatVisit: bytesByType(repeat),
    };
    pages.push(page);
    console.log(JSON.stringify(page));
  }
} finally {
  chrome.kill();
  await server.close();
}
writePart('lighthouse', { ...versions, formFactor: 'mobile', throttling: 'simulated', pages });
