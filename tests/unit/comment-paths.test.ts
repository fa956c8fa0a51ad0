// Every repository path a comment or note names ("src/lib/form-rules.ts", "scripts/serve.mjs") exists,
// so that moving a file cannot leave a pointer to nowhere behind. Paths are read from the start of the
// repository; a decision record may be named by its number alone ("docs/decisions/0009").
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, repositoryLines } from '../support/repository-files.ts';

const THIS_FILE = 'tests/unit/comment-paths.test.ts';
/** Made at run time, not kept in the repository. */
const MADE_AT_RUN_TIME = new Set(['bench/results/parts']);

/** A path from the repository's root, not preceded by `./` or `../` (an import specifier) or by a word. */
const PATH = /(?<![\w./@-])(?:src|scripts|tests|docs|bench|content|public)\/[\w./@+[\]-]*/g;

/** The repository paths a line names; a name followed by a glob or a placeholder is a pattern, not a path. */
function namedPaths(line: string): string[] {
  return [...line.matchAll(PATH)]
    .filter((match) => !'*{<'.includes(line[match.index + match[0].length] || ' '))
    .map((match) => match[0].replace(/[./-]+$/, ''));
}

function exists(path: string): boolean {
  if (MADE_AT_RUN_TIME.has(path)) return true;
  const full = join(ROOT, path);
  if (['', '.ts', '.tsx', '.mjs'].some((extension) => existsSync(full + extension))) return true;
  // "docs/decisions/0009" names docs/decisions/0009-server-memory.md.
  const folder = dirname(full);
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${basename(full)}-`));
}

describe('paths named in comments and notes', () => {
  it('reads paths, not import specifiers or patterns', () => {
    expect(namedPaths('// the same rules (src/lib/security-headers.mjs) and docs/decisions/0009.')).toEqual([
      'src/lib/security-headers.mjs',
      'docs/decisions/0009',
    ]);
    expect(
      namedPaths("import { x } from '../src/lib/fields'; tests/e2e/*.spec.ts; src/features/<feature>/"),
    ).toEqual([]);
    expect(exists('docs/decisions/0009')).toBe(true);
    expect(exists('src/lib/form-rules')).toBe(true);
    expect(exists('src/features/account/guards.ts')).toBe(false);
  });

  it('names only files and folders that exist', () => {
    const missing: string[] = [];
    for (const { file, line, text } of repositoryLines([THIS_FILE])) {
      for (const path of namedPaths(text)) if (!exists(path)) missing.push(`${file}:${line}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
