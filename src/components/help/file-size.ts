// Download links say the file's type and size (WCAG: what happens on activation is clear).
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes as a short label: '850 bytes', '3 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Size of a file under public/ (path as served, e.g. /forms/a.pdf), read at build time. */
export const publicFileSize = (servedPath: string, root = process.cwd()): number =>
  statSync(join(root, 'public', servedPath)).size;
