// After `astro build`: writes .br and .gz beside every compressible static file, so the server
// sends compressed bytes without compressing on each request (rural phone links are the target).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { distDir } from '../src/server/http/dist-dir.ts';

const root = distDir('client');
// pbf: the map's label glyphs (public/map/glyphs/), which compress to about half.
const compressible = /\.(html|css|js|mjs|svg|json|txt|xml|webmanifest|pbf)$/;

let files = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = await readFile(path);
  if (body.length < 512) continue;
  await writeFile(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files (br, gz)`);
