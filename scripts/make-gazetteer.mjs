// The locator's US gazetteer (src/features/locator/gazetteer-data.ts), made from the `zipcodes`
// package. Committed in a compact form because the package's own file is a 5 MB object literal: once
// imported, the server kept its source and 42,555 objects, about 43 MB of memory, for good (docs/decisions/0009).
// This form is columns of numbers and one list of town names, as the text of a
// `JSON.parse`: every bundler keeps it as it is, and V8 reads JSON faster and with less memory than
// the same data as a JavaScript literal. About 5 MB once loaded (docs/decisions/0009).
// After upgrading `zipcodes`, write it again with
//   node_modules/.bin/node scripts/make-gazetteer.mjs
// src/features/locator/gazetteer.server.test.ts fails while the committed file differs from what this makes.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export const GAZETTEER_FILE = new URL('../src/features/locator/gazetteer-data.ts', import.meta.url);

/**
 * Every US ZIP code of the package, in the package's own order (the sample stores are picked in it):
 * `zips`, `lat`, `lng` and `town` (an index into `towns`, each 'City|ST') are columns of one row per ZIP.
 */
export function makeGazetteer() {
  const require = createRequire(import.meta.url);
  const { version } = require('zipcodes/package.json');
  const { codes } = require('zipcodes/lib/codes.js');
  const data = { source: `zipcodes ${version}`, zips: [], lat: [], lng: [], town: [], towns: [] };
  const townIndex = new Map();
  for (const entry of Object.values(codes)) {
    if (entry.country !== 'US') continue;
    const town = `${entry.city}|${entry.state}`;
    if (!townIndex.has(town)) {
      townIndex.set(town, data.towns.length);
      data.towns.push(town);
    }
    data.zips.push(Number(entry.zip));
    data.lat.push(entry.latitude);
    data.lng.push(entry.longitude);
    data.town.push(townIndex.get(town));
  }
  // One key a line: small enough to read, and a package upgrade shows as a diff of those keys. The
  // text holds no backslash, backquote or `${` (checked), so it goes into the template as it is.
  const json = Object.entries(data)
    .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
    .join(',\n');
  if (/[\\`]|\$\{/.test(json)) throw new Error('the gazetteer text needs escaping in a template literal');
  return `// Made by scripts/make-gazetteer.mjs from ${data.source}: do not edit, make it again.
export interface GazetteerData {
  source: string;
  zips: number[];
  lat: number[];
  lng: number[];
  town: number[];
  towns: string[];
}

const data: GazetteerData = JSON.parse(\`{
${json}
}\`);
export default data;
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(GAZETTEER_FILE, makeGazetteer());
  console.log('wrote src/features/locator/gazetteer-data.ts');
}
