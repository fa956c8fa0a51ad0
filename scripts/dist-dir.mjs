import { resolve } from 'node:path';

/** The build output folder (DIST_DIR, default ./dist), shared by the build scripts and the server. */
export const distDir = (part) => `${resolve(process.env.DIST_DIR ?? 'dist', part)}/`;
