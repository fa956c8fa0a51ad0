// Page-weight benchmark: for every prebuilt page, the bytes a first visit costs once compressed
// (HTML plus the stylesheets it links) and the JavaScript it loads before any interaction (and what
// it imports later). Flags a content page over the 14 KB first-round-trip budget or shipping
// framework (React) code, and an island page over its JavaScript budget. The same rules run in CI
// as tests (tests/e2e/budgets.spec.ts). Run after a build: `npm run bench` does both.
import { distDir } from '../src/server/http/dist-dir.ts';
import { fetchOnDemand } from './on-demand.mjs';
import {
  CONTENT_PAGE_BUDGET,
  ISLAND_JS_BUDGET,
  isContentPage,
  kb,
  measureHtml,
  measurePages,
} from './page-weight.ts';
import { writePart } from './results.mjs';

const client = distDir('client');
const rows = await measurePages(client);
// Pages rendered on each request (in-store offers, the locator, a store page), measured as the
// server sends them; for /stores, 'js' is what loads before the map (the map is 'later js').
const { pages, storeList } = await fetchOnDemand();
for (const { page, body } of pages) rows.push(await measureHtml(client, page, body));
console.table(
  rows.map((row) => ({
    page: row.page,
    'html+css br': kb(row.htmlCssBrotli),
    'html+css gz': kb(row.htmlCssGzip),
    'js br': kb(row.jsBrotli),
    'js gz': kb(row.jsGzip),
    'later js gz': kb(row.lazyJsGzip),
    framework: row.framework ? 'yes' : 'no',
  })),
);
const content = rows.filter((row) => isContentPage(row.page));
const islands = rows.filter((row) => !isContentPage(row.page));
const over = content.filter((row) => row.htmlCssGzip > CONTENT_PAGE_BUDGET);
const heavy = content.filter((row) => row.framework);
const heavyIslands = islands.filter((row) => row.jsBrotli > ISLAND_JS_BUDGET);
console.log(
  `${content.length} content pages; largest first visit ${kb(Math.max(...content.map((r) => r.htmlCssGzip)))} gzip (budget ${kb(CONTENT_PAGE_BUDGET)})`,
);
console.log(
  `${islands.length} interactive pages; most JavaScript ${kb(Math.max(0, ...islands.map((r) => r.jsBrotli)))} brotli (budget ${kb(ISLAND_JS_BUDGET)})`,
);
if (over.length) console.log(`OVER BUDGET: ${over.map((r) => `${r.page} ${kb(r.htmlCssGzip)}`).join(', ')}`);
if (heavy.length) console.log(`FRAMEWORK JS on content pages: ${heavy.map((r) => r.page).join(', ')}`);
if (heavyIslands.length)
  console.log(`JS OVER BUDGET: ${heavyIslands.map((r) => `${r.page} ${kb(r.jsBrotli)}`).join(', ')}`);
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `GET /store?size=1000: ${storeList.stores} stores, ${kb(storeList.bytes)} of JSON, ${kb(storeList.sent)} sent (${storeList.encoding}); ` +
    `median ${ms(storeList.full.median)}, p95 ${ms(storeList.full.p95)}` +
    (storeList.notModified
      ? `; repeat visit (304): median ${ms(storeList.notModified.median)}, p95 ${ms(storeList.notModified.p95)}`
      : ''),
);
// product.md 2.9: the locator's list is in its HTML, readable before (and without) any script.
const locatorHtml = pages.find(({ page }) => page === '/stores')?.body.toString() ?? '';
writePart('pages', {
  storesInLocatorHtml: locatorHtml.match(/>Store #\d+/g)?.length ?? 0,
  pages: rows.map((row) => ({
    ...row,
    content: isContentPage(row.page),
    jsBudget: ISLAND_JS_BUDGET,
  })),
  contentBudget: CONTENT_PAGE_BUDGET,
  storeList,
});
process.exitCode = over.length || heavy.length || heavyIslands.length ? 1 : 0;
