// Where the application keys come from. APPLICATION_KEYS (`id:base64key,...`, the first one seals
// new records, the others only open old ones) wins; otherwise a key file, APPLICATION_KEY_FILE or
// DATA_DIR/application-keys.json, created with one random key on first start (mode 600, outside
// the repository: data/ is ignored by git). Rotation adds a new active key to the file and keeps
// the old ones until every record has been sealed again (applications.cli.ts).
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from '../../server/config';
import { KEY_BYTES, type Keyring } from './crypto.server';

type Env = Record<string, string | undefined>;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

export const newKeyId = (now = Date.now()): string =>
  `k${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(3).toString('hex')}`;

function decodeKey(id: string, text: string): Buffer {
  if (!ID.test(id)) throw new KeyConfigError(`Key id "${id}" may hold only letters, digits, - and _`);
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES)
    throw new KeyConfigError(`Key ${id} must be ${KEY_BYTES} bytes, base64-encoded`);
  return key;
}

/** APPLICATION_KEYS: `id:base64key` entries separated by commas, the active one first. */
export function parseKeyList(text: string): Keyring {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon < 1) throw new KeyConfigError('APPLICATION_KEYS entries are written id:base64key');
      return [entry.slice(0, colon), decodeKey(entry.slice(0, colon), entry.slice(colon + 1))] as const;
    });
  const first = entries[0];
  if (!first) throw new KeyConfigError('APPLICATION_KEYS holds no key');
  return { activeId: first[0], keys: new Map(entries) };
}

interface KeyFile {
  active: string;
  keys: Record<string, string>;
}

export const keyFilePath = (dataDir: string, env: Env = process.env): string =>
  resolve(parseEnv(env).env.APPLICATION_KEY_FILE ?? join(dataDir, 'application-keys.json'));

function toKeyring(file: KeyFile): Keyring {
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

/** The keyring from APPLICATION_KEYS, or from the key file (created with one key when missing). */
export function loadKeyring(dataDir: string, env: Env = process.env): Keyring {
  const list = parseEnv(env).env.APPLICATION_KEYS;
  if (list) return parseKeyList(list);
  const path = keyFilePath(dataDir, env);
  const id = newKeyId();
  const fresh: KeyFile = { active: id, keys: { [id]: randomBytes(KEY_BYTES).toString('base64') } };
  try {
    // 'wx': two processes starting together must not each write a key of their own.
    writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return toKeyring(readKeyFile(path));
}

/** Adds a new key to the key file and makes it the active one; the old keys stay for old records. */
export function addKeyToFile(dataDir: string, env: Env = process.env): Keyring {
  if (parseEnv(env).env.APPLICATION_KEYS) {
    throw new KeyConfigError(
      'The keys come from APPLICATION_KEYS: put a new key first in that list (id:base64 of 32 random bytes) and run the rotation again',
    );
  }
  loadKeyring(dataDir, env);
  const path = keyFilePath(dataDir, env);
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
export function retireKeys(dataDir: string, inUse: ReadonlySet<string>, env: Env = process.env): string[] {
  if (parseEnv(env).env.APPLICATION_KEYS) return [];
  const path = keyFilePath(dataDir, env);
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
export const keyringFor = (dataDir: string, env: Env = process.env): Keyring => loadKeyring(dataDir, env);
