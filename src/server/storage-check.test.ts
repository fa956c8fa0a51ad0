// The start-up check of the disk (src/server/storage-check.ts); tests/system/storage.test.ts runs
// the server itself on a read-only and on a full disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFile } from './db/database.ts';
import { checkStorage, folderProblem, StorageError, sqliteProblem } from './storage-check.ts';

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('folderProblem', () => {
  it('passes a writable folder with room, leaving nothing behind', () => {
    expect(folderProblem(dir, 'the data folder (DATA_DIR)')).toBeUndefined();
    expect(folderProblem(join(dir, 'outbox'), 'the mail outbox')).toBeUndefined(); // made when missing
  });

  it('names a folder that cannot be written', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expect(folderProblem(join(file, 'sub'), 'the data folder (DATA_DIR)')).toBe(
      `the data folder (DATA_DIR) ${join(file, 'sub')} is not writable (ENOTDIR)`,
    );
  });

  it('names a disk with less free space than needed, with both figures', () => {
    expect(folderProblem(dir, 'the data folder (DATA_DIR)', Number.MAX_SAFE_INTEGER)).toMatch(
      /^only \d+\.\d MB free on the disk of the data folder \(DATA_DIR\) .+; at least \d+\.\d MB are needed$/,
    );
  });
});

describe('sqliteProblem', () => {
  it('passes a missing or writable database file and names one that cannot be opened for writing', () => {
    expect(sqliteProblem(join(dir, 'none.sqlite'))).toBeUndefined();
    writeFileSync(join(dir, 'db.sqlite'), '');
    expect(sqliteProblem(join(dir, 'db.sqlite'))).toBeUndefined();
    expect(sqliteProblem(dir)).toBe(`the database file ${dir} is not writable (EISDIR)`); // a folder
  });
});

describe('checkStorage', () => {
  const config = { dataDir: dir, outboxDir: join(dir, 'outbox') };

  it('checks the data folder and the database for SQLite, and the outbox without SMTP', () => {
    expect(() => checkStorage(config)).not.toThrow();
    const error = (() => {
      try {
        checkStorage(config, Number.MAX_SAFE_INTEGER);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(StorageError);
    expect(error?.message).toMatch(
      /^only .+ free .+\. Free some space or fix the folder's permissions, then start again\.$/,
    );
    expect(error?.message).not.toContain('\n');
  });

  it('checks nothing when nothing is written to disk (PostgreSQL and SMTP)', () => {
    const diskless = { ...config, databaseUrl: 'postgres://x', smtpUrl: 'smtp://x' };
    expect(() => checkStorage(diskless, Number.MAX_SAFE_INTEGER)).not.toThrow();
  });

  it('names the database file when it cannot be written', () => {
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const file = sqliteFile(dataDir);
    // A folder where the file should be: not writable as a file, even for root.
    mkdirSync(file);
    expect(() => checkStorage({ dataDir, outboxDir: join(dataDir, 'outbox') })).toThrow(
      /^the database file .+kwikfill\.sqlite.* is not writable \(EISDIR\)/,
    );
  });
});
