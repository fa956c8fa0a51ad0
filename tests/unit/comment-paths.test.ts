// Every repository path a comment or note names ("src/lib/form-rules.ts", "scripts/serve.mjs") exists,
// so that moving a file cannot leave a pointer to nowhere behind. Paths are read from the start of the
// repository; a decision record may be named by its number alone ("docs/decisions/0009"). And no
// comment or note sends its reader outside the repository: not to the shared design or specification
// files, nor to an issue of the tracker ("issue 11 point 6"); it cites docs/product.md,
// docs/architecture.md or a decision record instead, or says why in its own words.
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

/** Documents outside the repository, and the tracker's issues: what a line must not send a reader to. */
const OUTSIDE = /\.\.\/shared\b|\b(?:DESIGN|SPEC)\.md\b|\bDESIGN\b|\b[Ii]ssues? #?\d+/g;

/** The outside documents a line names ("../shared/DESIGN.md", "issue 21 point 3"). */
function outsideReferences(line: string): string[] {
  return [...line.matchAll(OUTSIDE)].map((match) => match[0]);
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

  it('reads references to documents outside the repository', () => {
    expect(outsideReferences('// the architecture (../shared/DESIGN.md "Caching"); SPEC.md 5.1')).toEqual([
      '../shared',
      'DESIGN.md',
      'SPEC.md',
    ]);
    expect(
      outsideReferences('// Retention (issue 18 point 7); Issue 11 point 6: killing; per DESIGN'),
    ).toEqual(['issue 18', 'Issue 11', 'DESIGN']);
    expect(
      outsideReferences('// the policy (docs/caching.md; docs/decisions/0012): an issue of timing, 2 issues'),
    ).toEqual([]);
  });

  it('sends no reader outside the repository', () => {
    const outside: string[] = [];
    for (const { file, line, text } of repositoryLines([THIS_FILE])) {
      for (const reference of outsideReferences(text)) outside.push(`${file}:${line}: ${reference}`);
    }
    expect(outside).toEqual([]);
  });
});
