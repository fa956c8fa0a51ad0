// Where the application keys come from. APPLICATION_KEYS (`id:base64key,...`, the first one seals
// new records, the others only open old ones) wins; otherwise the key file (APPLICATION_KEY_FILE, or
// KEYS_DIR/application-keys.json: src/server/config/settings.ts), created with one random key on first start
// (mode 600, in a folder of mode 700 outside the data folder and the repository: `keys/` is ignored
// by git), so that a backup of the data does not hold the keys that open it. A key file an earlier
// release left in the data folder is still read (the start warns and says how to move it): stored
// applications never become unreadable by an upgrade. Rotation adds a new active key to the file and
// keeps the old ones until every record has been sealed again (applications.cli.ts).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_KEY_FILE_NAME, type Config } from '../../server/config/index.ts';
import { decodeKey, KEY_BYTES, KeyConfigError, parseKeyList } from '../../server/key-list.ts';
import type { Keyring } from './crypto.server.ts';

/** What the keys are read from: the configuration (loadConfig), or a test's. */
export type KeySettings = Pick<Config, 'dataDir' | 'applicationKeys' | 'applicationKeyFile'>;

export const newKeyId = (now = Date.now()): string =>
  `k${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(3).toString('hex')}`;

interface KeyFile {
  active: string;
  keys: Record<string, string>;
}

/** Where an earlier release kept the key file: in the data folder. */
const earlierKeyFile = (settings: KeySettings): string | undefined => {
  const path = join(settings.dataDir, APPLICATION_KEY_FILE_NAME);
  return path !== settings.applicationKeyFile && existsSync(path) ? path : undefined;
};

/** The key file in use: the configured one, or, while only that exists, the earlier one. */
export const keyFilePath = (settings: KeySettings): string =>
  existsSync(settings.applicationKeyFile)
    ? settings.applicationKeyFile
    : (earlierKeyFile(settings) ?? settings.applicationKeyFile);

function toKeyring(file: KeyFile): Keyring & { keys: Map<string, Buffer> } {
  const keys = new Map(Object.entries(file.keys).map(([id, text]) => [id, decodeKey(id, text)] as const));
  if (!keys.has(file.active))
    throw new KeyConfigError(`The key file names ${file.active} active but lacks it`);
  return { activeId: file.active, keys };
}

function writeKeyFile(path: string, file: KeyFile): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

const readKeyFile = (path: string): KeyFile => JSON.parse(readFileSync(path, 'utf8')) as KeyFile;

/**
 * The keyring from APPLICATION_KEYS, or from the key file (created with one key when missing). Keys
 * of an earlier key file in the data folder that the configured one lacks open old records too.
 */
export function loadKeyring(settings: KeySettings): Keyring {
  if (settings.applicationKeys) return parseKeyList(settings.applicationKeys);
  const path = keyFilePath(settings);
  const id = newKeyId();
  const fresh: KeyFile = { active: id, keys: { [id]: randomBytes(KEY_BYTES).toString('base64') } };
  try {
    // 'wx': two processes starting together must not each write a key of their own.
    writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const keyring = toKeyring(readKeyFile(path));
  const earlier = earlierKeyFile(settings);
  if (earlier && earlier !== path) {
    for (const [id, key] of toKeyring(readKeyFile(earlier)).keys) {
      if (!keyring.keys.has(id)) keyring.keys.set(id, key);
    }
  }
  return keyring;
}

/** Adds a new key to the key file and makes it the active one; the old keys stay for old records. */
export function addKeyToFile(settings: KeySettings): Keyring {
  if (settings.applicationKeys) {
    throw new KeyConfigError(
      'The keys come from APPLICATION_KEYS: put a new key first in that list (id:base64 of 32 random bytes) and run the rotation again',
    );
  }
  loadKeyring(settings);
  const path = keyFilePath(settings);
  const file = readKeyFile(path);
  const id = newKeyId();
  const next: KeyFile = {
    active: id,
    keys: { [id]: randomBytes(KEY_BYTES).toString('base64'), ...file.keys },
  };
  writeKeyFile(path, next);
  return toKeyring(next);
}

/** Drops keys of the key file that no stored record needs any more. */
export function retireKeys(settings: KeySettings, inUse: ReadonlySet<string>): string[] {
  if (settings.applicationKeys) return [];
  const path = keyFilePath(settings);
  const file = readKeyFile(path);
  const dropped = Object.keys(file.keys).filter((id) => id !== file.active && !inUse.has(id));
  for (const id of dropped) delete file.keys[id];
  if (dropped.length > 0) writeKeyFile(path, file);
  return dropped;
}

/**
 * The keyring as it is now. Read on every use, not cached: the rotation command (another process)
 * may have made a new key active, and a server still sealing with a key it retires would write
 * records nobody can open.
 */
export const keyringFor = (settings: KeySettings): Keyring => loadKeyring(settings);
