// Copies this project (its tracked and new files, not node_modules, dist or data) into a folder, so
// the editing UI's browser test (tests/e2e/editing-ui.spec.ts) writes its files there and never into
// the checkout. node_modules is hard-linked where the file system allows (a symbolic link would put it
// outside the copy, where Vite's dev server refuses to serve it). Usage: node tests/support/editing-copy.mjs <folder>
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const target = resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: node tests/support/editing-copy.mjs <folder>');
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)));
for (const file of files) {
  mkdirSync(dirname(join(target, file)), { recursive: true });
  cpSync(join(root, file), join(target, file));
}
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
