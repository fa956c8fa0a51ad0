// What a page costs a first visit, read from the build (dist/client): its HTML plus the stylesheets it
// links, compressed, and the JavaScript it loads before any interaction: the scripts and island code
// it names and every module those import statically (`import()`ed code, such as the map, loads later
// and is counted apart). Shared by the page-weight benchmark (bench/pages.mjs) and the byte-budget
// test (tests/e2e/budgets.spec.ts), so both measure the same thing.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A content page's first visit fits one 14 KB round trip (compressed HTML + CSS). */
export const CONTENT_PAGE_BUDGET = 14 * 1024;
/**
 * Interactive pages: JavaScript loaded before any interaction, as sent (brotli), the same for every
 * one. The application forms come closest (fleet about 81 KB, charge card 77.0 KB, React's runtime
 * 58 KB of each): each loads only its own schema, and the signature pad, the sending code and the
 * upload's progress bar come later (bench/results/analysis.md). Raised from 80 KB when the forms
 * gained retries under one Idempotency-Key and the offline answer (docs/decisions/0016); bringing
 * the fleet form back under 80 KB is open work.
 */
export const ISLAND_JS_BUDGET = 82 * 1024;

/** Pages with islands or on-demand data; every other prebuilt page is a content page. */
export const isContentPage = (page: string): boolean =>
  page !== '/' && !/^\/(account|stores|specials|frame|help\/?$|giveaway|fleet-fueling\.html)/.test(page);

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;

async function read(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch(() => undefined);
}

/** Size of the file as sent with brotli: the build's precompressed `.br` file, or compressed here. */
async function brotliSize(file: string): Promise<number> {
  const precompressed = await read(`${file}.br`);
  if (precompressed) return precompressed.length;
  const code = await read(file);
  return code ? brotliCompressSync(code).length : 0;
}

/** Every module `files` load statically (absolute paths), and the modules they `import()`. */
async function closure(clientDir: string, files: string[]) {
  const loaded = new Map<string, Buffer>();
  const dynamic = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (loaded.has(file)) continue;
    const code = await read(file);
    if (!code) continue;
    loaded.set(file, code);
    const text = code.toString();
    for (const [, spec = ''] of text.matchAll(STATIC_IMPORT)) {
      if (spec.startsWith('.') || spec.startsWith('/')) {
        queue.push(spec.startsWith('/') ? resolve(clientDir, `.${spec}`) : resolve(dirname(file), spec));
      }
    }
    for (const [, spec = ''] of text.matchAll(DYNAMIC_IMPORT)) {
      if (spec.startsWith('.')) dynamic.add(resolve(dirname(file), spec));
    }
  }
  return { loaded, dynamic };
}

/** The module graph from `entries` (URL paths): bytes loaded at once, and bytes only imported lazily. */
async function scriptGraph(clientDir: string, entries: string[]) {
  const { loaded: eager, dynamic } = await closure(
    clientDir,
    entries.map((src) => resolve(clientDir, `.${src}`)),
  );
  // What `import()` brings later (the map and maplibre), with everything it imports in turn.
  const { loaded: later } = await closure(clientDir, [...dynamic]);
  let lazyBytes = 0;
  for (const [file, code] of later) if (!eager.has(file)) lazyBytes += gzipSync(code).length;
  const code = [...eager.values()];
  return {
    gzip: code.reduce((sum, part) => sum + gzipSync(part).length, 0),
    brotli: (await Promise.all([...eager.keys()].map(brotliSize))).reduce((sum, size) => sum + size, 0),
    lazyGzip: lazyBytes,
    /** The map's code (its island module or maplibre) among what loads before any interaction. */
    mapEager: [...eager.keys()].some((file) => /StoreMap|maplibre/i.test(file)),
    framework:
      [...eager.keys()].some((file) => /react|jsx-runtime/i.test(file)) ||
      code.some((part) => part.includes('react.element') || part.includes('react.transitional.element')),
  };
}

/** One row per prebuilt page (every index.html under the client folder). */
export interface PageWeight {
  page: string;
  htmlCssGzip: number;
  htmlCssBrotli: number;
  jsGzip: number;
  /** What the server actually sends a browser that accepts brotli (every current one). */
  jsBrotli: number;
  lazyJsGzip: number;
  mapEager: boolean;
  framework: boolean;
}

export async function measurePages(client: string): Promise<PageWeight[]> {
  const files: string[] = [];
  for (const entry of await readdir(client, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'index.html') files.push(join(entry.parentPath, entry.name));
  }
  const rows: PageWeight[] = [];
  for (const file of files.sort()) {
    const page = `/${relative(client, file).replace(/index\.html$/, '')}`;
    rows.push(await measureHtml(client, page, await readFile(file)));
  }
  return rows;
}

/**
 * One page from its HTML: a prebuilt file, or what the server renders on demand (/specials), with
 * the stylesheets and scripts it names read from the build.
 */
export async function measureHtml(client: string, page: string, body: Buffer): Promise<PageWeight> {
  const text = body.toString();
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] as string);
  const scripts = [
    ...text.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...text.matchAll(/(?:component|renderer)-url="([^"]+)"/g),
  ]
    .map((m) => m[1] as string)
    .filter((src) => src.startsWith('/'));
  const cssBytes = Buffer.concat(
    await Promise.all(css.map(async (href) => (await read(join(client, href))) ?? Buffer.alloc(0))),
  );
  const firstVisit = Buffer.concat([body, cssBytes]);
  const js = await scriptGraph(client, scripts);
  return {
    page,
    htmlCssGzip: gzipSync(firstVisit).length,
    htmlCssBrotli: brotliCompressSync(firstVisit).length,
    jsGzip: js.gzip,
    jsBrotli: js.brotli,
    lazyJsGzip: js.lazyGzip,
    mapEager: js.mapEager,
    framework: js.framework || text.includes('<astro-island'),
  };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
