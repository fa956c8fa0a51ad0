// After `astro build`: bundles the production server (src/server/http/serve.ts, with the API it hands
// /api/v1 to: docs/decisions/0003) into dist/http/serve.mjs, which `npm run serve` runs.
// The pure-JS ES-module packages every request uses (Hono, Kysely, valibot) are bundled in too:
// one module instead of hundreds of small ones takes about 20 MB less memory at rest
// (bench/server.mjs). Every other package stays an import of node_modules (CommonJS ones cannot be
// bundled into an ES module; native and rarely used ones load on first use).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { distDir } from '../src/server/http/dist-dir.ts';
import { SERVER_ENTRY } from '../src/server/http/node-flags.ts';

const BUNDLED = new Set(['hono', '@hono/node-server', 'kysely', 'valibot']);
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every bare import but those of BUNDLED to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED.has(packageName(path)) ? undefined : { path, external: true },
    );
  },
};

// A fresh folder: nothing of an earlier build stays behind.
rmSync(distDir('http'), { recursive: true, force: true });
await build({
  entryPoints: { serve: 'src/server/http/serve.ts' },
  outdir: distDir('http'),
  outExtension: { '.js': '.mjs' },
  // What is imported on first use stays a file of its own, read when first asked for: the server
  // itself (serve.ts sets NODE_ENV before it loads), the gazetteer's 1.6 MB of ZIP codes.
  splitting: true,
  // Named without a hash: a server still running while a new build replaces dist/ finds its chunk.
  chunkNames: 'chunks/[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [externalPackages],
  sourcemap: false,
  // Minified but with its names (stack traces stay readable): V8 keeps a module's source text for
  // good, 0.86 MB of it before, 0.53 MB now (docs/decisions/0009-server-memory.md).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
console.log(`bundled the Node server (dist/${SERVER_ENTRY})`);
