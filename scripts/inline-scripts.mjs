// The pre-paint and island-retry scripts of src/inline/ as the pages inline them: each file minified
// by esbuild, so the files stay readable and the pages carry a few hundred bytes. The layouts import
// them through astro.config.mjs's `inlineScripts` Vite plugin (`import text from '../inline/x.js?raw'`),
// and the pages' CSP hashes are computed from this same text.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const INLINE_DIR = fileURLToPath(new URL('../src/inline/', import.meta.url));

/** The text a page inlines for one of src/inline's files (a path to it). */
export function inlineScript(file) {
  return transformSync(readFileSync(file, 'utf8'), { minify: true, target: 'es2020' }).code.trimEnd();
}

/** The CSP hashes (`sha256-...`) of every inlined script. */
export function inlineScriptHashes() {
  return readdirSync(INLINE_DIR)
    .filter((name) => name.endsWith('.js'))
    .map(
      (name) =>
        /** @type {`sha256-${string}`} */ (
          `sha256-${createHash('sha256')
            .update(inlineScript(INLINE_DIR + name))
            .digest('base64')}`
        ),
    );
}

/** A Vite plugin: `src/inline/<name>.js?raw` imports the minified text. */
export function inlineScripts() {
  return {
    name: 'kwikfill-inline-scripts',
    enforce: /** @type {const} */ ('pre'),
    /** @param {string} id */
    load(id) {
      const [path, query] = id.split('?');
      if (query !== 'raw' || !path?.startsWith(INLINE_DIR) || !path.endsWith('.js')) return null;
      return `export default ${JSON.stringify(inlineScript(path))};`;
    },
  };
}
