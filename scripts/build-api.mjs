// After `astro build`: bundles the API's Node binding (src/server/node.ts) into dist/api/node.mjs
// for scripts/serve.mjs, which then hands /api/v1 straight to the Hono app (docs/decisions/0003).
// The pure-JS ES-module packages every request uses (Hono, Kysely, valibot) are bundled in too:
// one module instead of hundreds of small ones takes about 20 MB less memory at rest
// (bench/server.mjs). Every other package stays an import of node_modules (CommonJS ones cannot be
// bundled into an ES module; native and rarely used ones load on first use).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { distDir } from './dist-dir.mjs';

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
rmSync(distDir('api'), { recursive: true, force: true });
await build({
  entryPoints: { node: 'src/server/node.ts' },
  outdir: distDir('api'),
  outExtension: { '.js': '.mjs' },
  // What the API imports on first use (the gazetteer's 1.6 MB of ZIP codes) stays a file of its own,
  // read when first asked for, not part of the module every request needs.
  splitting: true,
  // Named without a hash: a server still running while a new build replaces dist/ finds its chunk.
  chunkNames: 'chunks/[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [externalPackages],
  sourcemap: false,
  logLevel: 'warning',
});
console.log('bundled the API for the Node server (dist/api/node.mjs)');
