import { resolve } from 'node:path';
// The schema alone (not src/server/config/index.ts): the build scripts load this file without the server.
import { setting } from '../config/schema.ts';

/**
 * The build output folder (DIST_DIR, default ./dist), shared by the build scripts, the server and the
 * tests that start it. Read at call time from the working folder, as `npm run serve` runs from the root.
 */
export const distDir = (part: string): string => `${resolve(setting('DIST_DIR'), part)}/`;
