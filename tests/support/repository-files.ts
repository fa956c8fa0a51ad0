// The one walk over the repository's own text (code, comments, notes, content) that the checks of
// what comments and notes say read: every path they name exists (tests/unit/comment-paths.test.ts),
// every product.md section they cite exists (tests/unit/product-references.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** Where the repository's text lives (node_modules, dist and data are not ours). */
const SCANNED = ['src', 'tests', 'docs', 'scripts', 'bench', 'content', 'netlify', 'ops', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|mjs|js|astro|md|mdx|ya?ml|json|css|sh|html)$/;
/** Generated data, no prose (the gazetteer is 1.6 MB of numbers; the report is written by the benchmark). */
const GENERATED = new Set(['src/features/locator/gazetteer-data.ts', 'bench/results/report.json']);

export interface RepositoryLine {
  /** The file, from the repository's root. */
  file: string;
  /** 1-based. */
  line: number;
  text: string;
}

function* textFiles(path: string, skipped: ReadonlySet<string>): Generator<string> {
  const name = relative(ROOT, path);
  if (GENERATED.has(name) || skipped.has(name)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) yield* textFiles(join(path, entry), skipped);
  } else if (TEXT_FILE.test(path)) {
    yield path;
  }
}

/** Every line of the repository's text files, but the files in `skipped` (the check's own file). */
export function* repositoryLines(skipped: Iterable<string> = []): Generator<RepositoryLine> {
  const skip = new Set(skipped);
  for (const top of SCANNED) {
    for (const path of textFiles(join(ROOT, top), skip)) {
      const file = relative(ROOT, path);
      const lines = readFileSync(path, 'utf8').split('\n');
      for (const [index, text] of lines.entries()) yield { file, line: index + 1, text };
    }
  }
}
