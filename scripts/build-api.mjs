// After `astro build`: bundles the API's Node binding (src/server/node.ts) into dist/api/node.mjs
// for scripts/serve.mjs, which then hands /api/v1 straight to the Hono app (docs/decisions/0003).
// The pure-JS packages (Hono, Kysely, valibot) are bundled in too: one module instead of hundreds
// of small ones loads faster and takes about 20 MB less memory at rest (bench/server.mjs). Native
// or rarely used packages, loaded on first use, stay imports of node_modules.
import { build } from 'esbuild';
import { distDir } from './dist-dir.mjs';

await build({
  entryPoints: ['src/server/node.ts'],
  outfile: `${distDir('api')}node.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: ['pg', 'nodemailer', '@node-rs/argon2'],
  sourcemap: false,
  logLevel: 'warning',
});
console.log('bundled the API for the Node server (dist/api/node.mjs)');
