// Copies this project (its tracked and new files, not node_modules, dist or data) into a folder, so
// the editing UI's browser test (tests/e2e/editing-ui.spec.ts) writes its files there and never into
// the checkout. node_modules is hard-linked where the file system allows (a symbolic link would put it
// outside the copy, where Vite's dev server refuses to serve it). Usage: node tests/support/editing-copy.mjs <folder>
// The Netlify build copies the same files (tests/support/netlify-build.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The files git knows (tracked and new, not ignored), as a fresh clone has them. */
export function projectFiles() {
  return (
    execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
      .split('\0')
      // A file deleted in the worktree but not yet in git's index is not copied.
      .filter((file) => file && existsSync(join(root, file)))
  );
}

/** Copies the project's files (projectFiles) into `target`; answers their paths. */
export function copyFiles(target, files = projectFiles()) {
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
  return files;
}

if (import.meta.main) {
  const target = resolve(process.argv[2] ?? '');
  if (!process.argv[2]) throw new Error('usage: node tests/support/editing-copy.mjs <folder>');
  const files = copyFiles(target);
  if (!existsSync(join(target, 'node_modules'))) {
    try {
      execFileSync('cp', ['-al', join(root, 'node_modules'), join(target, 'node_modules')]);
    } catch {
      cpSync(join(root, 'node_modules'), join(target, 'node_modules'), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
  }
  console.log(`copied ${files.length} files to ${target}`);
}
