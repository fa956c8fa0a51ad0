// Before the server listens: the folders it will write to (the SQLite database's data folder, the
// mail outbox) must take a write and have room to grow. A read-only or full disk then stops the
// start with one clear line and a non-zero exit, instead of a crash at the first visitor's entry.
import {
  closeSync,
  constants,
  fsyncSync,
  mkdirSync,
  openSync,
  statfsSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config/index.ts';
import { sqliteFile } from './db/database.ts';

/** Below this much free space the server does not start: a day of entries and mail needs far less. */
export const MIN_FREE_BYTES = 32 * 1024 * 1024;

export class StorageError extends Error {
  override name = 'StorageError';
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code ?? String(error);

/**
 * The problem with writing to `dir` (named `what`), or undefined when it takes a write (a file
 * written, synced and removed: root ignores file modes, so only a real write tells) and has room.
 */
export function folderProblem(dir: string, what: string, minFreeBytes = MIN_FREE_BYTES): string | undefined {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 }); // the outbox is made on the first mail otherwise
    const fd = openSync(probe, 'w', 0o600);
    try {
      writeSync(fd, 'ok');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      unlinkSync(probe);
    }
  } catch (error) {
    return `${what} ${dir} is not writable (${codeOf(error)})`;
  }
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < minFreeBytes) {
    return `only ${megabytes(free)} free on the disk of ${what} ${dir}; at least ${megabytes(minFreeBytes)} are needed`;
  }
  return undefined;
}

/** The problem with writing to the SQLite file (when it exists) and its -wal file. */
export function sqliteProblem(file: string): string | undefined {
  for (const path of [file, `${file}-wal`]) {
    try {
      closeSync(openSync(path, constants.O_RDWR));
    } catch (error) {
      const code = codeOf(error);
      if (code !== 'ENOENT') return `the database file ${path} is not writable (${code})`;
    }
  }
  return undefined;
}

/**
 * Throws a StorageError with one line when the server could not write what it must: the SQLite
 * database (without DATABASE_URL) and the outbox (without SMTP_URL).
 */
export function checkStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'smtpUrl' | 'outboxDir'>,
  minFreeBytes = MIN_FREE_BYTES,
): void {
  const problems: (string | undefined)[] = [];
  if (!config.databaseUrl) {
    problems.push(folderProblem(config.dataDir, 'the data folder (DATA_DIR)', minFreeBytes));
    problems.push(sqliteProblem(sqliteFile(config.dataDir)));
  }
  if (!config.smtpUrl && config.outboxDir !== config.dataDir) {
    problems.push(folderProblem(config.outboxDir, 'the mail outbox (OUTBOX_DIR)', minFreeBytes));
  }
  const problem = problems.find(Boolean);
  if (problem)
    throw new StorageError(`${problem}. Free some space or fix the folder's permissions, then start again.`);
}
