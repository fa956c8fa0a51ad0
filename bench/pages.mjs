// Page-weight benchmark: for every prebuilt page, the bytes a first visit costs once compressed
// (HTML plus the stylesheets it links) and the JavaScript it loads. Reports figures and flags a
// content page over the 14 KB first-round-trip budget or shipping framework (React) code.
// Run after a build: `npm run bench` does both.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { distDir } from '../scripts/dist-dir.mjs';

const client = distDir('client');
const BUDGET = 14 * 1024;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const html = [];
for (const entry of await readdir(client, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name === 'index.html') html.push(join(entry.parentPath, entry.name));
}

const rows = [];
for (const file of html.sort()) {
  const page = `/${relative(client, file).replace(/index\.html$/, '')}`;
  const body = await readFile(file);
  const text = body.toString();
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const js = [
    ...text.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...text.matchAll(/component-url="([^"]+)"/g),
  ].map((m) => m[1]);
  let cssBytes = Buffer.alloc(0);
  for (const href of css) cssBytes = Buffer.concat([cssBytes, await readFile(join(client, href))]);
  const firstVisit = Buffer.concat([body, cssBytes]);
  let jsBytes = 0;
  let framework = text.includes('<astro-island');
  for (const src of js.filter((s) => s.startsWith('/'))) {
    const code = await readFile(join(client, src)).catch(() => Buffer.alloc(0));
    jsBytes += gzipSync(code).length;
    if (/react|jsx-runtime/i.test(src) || code.includes('react.element')) framework = true;
  }
  rows.push({
    page,
    'html+css br': kb(brotliCompressSync(firstVisit).length),
    'html+css gz': kb(gzipSync(firstVisit).length),
    'js gz': kb(jsBytes),
    framework: framework ? 'yes' : 'no',
    gz: gzipSync(firstVisit).length,
  });
}

console.table(rows.map(({ gz, ...row }) => row));
// Content pages: everything but the home page and the interactive areas.
const contentPages = rows.filter(
  (r) => r.page !== '/' && !/^\/(account|stores|specials|frame)\//.test(r.page),
);
const over = contentPages.filter((r) => r.gz > BUDGET);
const heavy = contentPages.filter((r) => r.framework === 'yes');
console.log(
  `${contentPages.length} content pages; largest first visit ${kb(Math.max(...contentPages.map((r) => r.gz)))} gzip (budget ${kb(BUDGET)})`,
);
if (over.length) console.log(`OVER BUDGET: ${over.map((r) => r.page).join(', ')}`);
if (heavy.length) console.log(`FRAMEWORK JS on content pages: ${heavy.map((r) => r.page).join(', ')}`);
process.exitCode = over.length || heavy.length ? 1 : 0;
