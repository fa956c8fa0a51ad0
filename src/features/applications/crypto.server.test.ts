import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseKeyList } from '../../server/key-list.ts';
import { type Keyring, keyIdOf, open, openText, reseal, SealError, seal } from './crypto.server.ts';
import { addKeyToFile, type KeySettings, keyFilePath, loadKeyring, retireKeys } from './keys.server.ts';

const keyring = (id = 'k1'): Keyring => ({ activeId: id, keys: new Map([[id, randomBytes(32)]]) });

describe('sealing (AES-256-GCM with a key id)', () => {
  it('opens what it sealed, and never writes the plaintext', () => {
    const ring = keyring();
    const sealed = seal(ring, '123456789', 'applications:a1');
    expect(sealed).not.toContain('123456789');
    expect(sealed.startsWith('v1.k1.')).toBe(true);
    expect(keyIdOf(sealed)).toBe('k1');
    expect(openText(ring, sealed, 'applications:a1')).toBe('123456789');
    expect(seal(ring, '123456789', 'applications:a1')).not.toBe(sealed); // fresh IV each time
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const ring = keyring();
    const sealed = seal(ring, 'secret payload', 'ctx');
    const parts = sealed.split('.');
    for (const index of [2, 3, 4]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index] as string, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      altered[index] = bytes.toString('base64url');
      expect(() => open(ring, altered.join('.'), 'ctx')).toThrow(SealError);
    }
    expect(() => open(ring, 'garbage', 'ctx')).toThrow(SealError);
  });

  it('refuses a value moved to another record (associated data)', () => {
    const ring = keyring();
    expect(() => open(ring, seal(ring, 'x', 'applications:a1'), 'applications:a2')).toThrow(SealError);
  });

  it('opens old values after a rotation, and reseals them with the new key', () => {
    const old = keyring('old');
    const sealed = seal(old, 'data', 'ctx');
    const rotated: Keyring = {
      activeId: 'new',
      keys: new Map([...old.keys, ['new', randomBytes(32)]]),
    };
    expect(openText(rotated, sealed, 'ctx')).toBe('data');
    const again = reseal(rotated, sealed, 'ctx');
    expect(keyIdOf(again)).toBe('new');
    expect(openText(rotated, again, 'ctx')).toBe('data');
    expect(reseal(rotated, again, 'ctx')).toBe(again);
    expect(() => open(old, again, 'ctx')).toThrow(/not in the keyring/);
  });
});

describe('keys from configuration', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** A project folder of its own: the data folder and, beside it (not inside), the keys folder. */
  const fresh = (applicationKeys?: string): KeySettings => {
    dir = mkdtempSync(join(tmpdir(), 'kf-keys-'));
    mkdirSync(join(dir, 'data'));
    mkdirSync(join(dir, 'keys'));
    return {
      dataDir: join(dir, 'data'),
      applicationKeyFile: join(dir, 'keys', 'application-keys.json'),
      applicationKeys,
    };
  };

  it('reads APPLICATION_KEYS, the first key active, and rejects malformed keys', () => {
    const a = randomBytes(32).toString('base64');
    const b = randomBytes(32).toString('base64');
    const ring = parseKeyList(`new:${a}, old:${b}`);
    expect(ring.activeId).toBe('new');
    expect([...ring.keys.keys()]).toEqual(['new', 'old']);
    expect(() => parseKeyList('short:AAAA')).toThrow(/32 bytes/);
    expect(() => parseKeyList('nokey')).toThrow(/id:base64key/);
    expect(loadKeyring(fresh(`env:${a}`)).activeId).toBe('env');
  });

  it('creates a key file on first start outside the data folder, mode 600, and reuses it afterwards', () => {
    const settings = fresh();
    const first = loadKeyring(settings);
    const path = keyFilePath(settings);
    expect(path).toBe(settings.applicationKeyFile);
    expect(readdirSync(settings.dataDir)).toEqual([]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadKeyring(settings)).toEqual(first);
    expect(readFileSync(path, 'utf8')).toContain(first.activeId);
  });

  it('still reads a key file an earlier release left in the data folder, and its keys beside a new file', () => {
    const settings = fresh();
    const earlier = join(settings.dataDir, 'application-keys.json');
    const old = loadKeyring({ ...settings, applicationKeyFile: earlier });
    expect(loadKeyring(settings)).toEqual(old);
    expect(existsSync(settings.applicationKeyFile)).toBe(false); // no second key made
    // Copied to the new place, then the old key dropped there: the earlier file still opens old records.
    writeFileSync(settings.applicationKeyFile, readFileSync(earlier));
    const rotated = addKeyToFile(settings);
    expect(keyFilePath(settings)).toBe(settings.applicationKeyFile);
    retireKeys(settings, new Set([rotated.activeId]));
    const merged = loadKeyring(settings);
    expect(merged.activeId).toBe(rotated.activeId);
    expect(merged.keys.has(old.activeId)).toBe(true);
  });

  it('rotates: a new active key, old keys kept until retired', () => {
    const settings = fresh();
    const first = loadKeyring(settings);
    const rotated = addKeyToFile(settings);
    expect(rotated.activeId).not.toBe(first.activeId);
    expect(rotated.keys.has(first.activeId)).toBe(true);
    expect(statSync(keyFilePath(settings)).mode & 0o777).toBe(0o600);
    expect(retireKeys(settings, new Set([rotated.activeId]))).toEqual([first.activeId]);
    expect(loadKeyring(settings).keys.has(first.activeId)).toBe(false);
    expect(() =>
      addKeyToFile({ ...settings, applicationKeys: `x:${randomBytes(32).toString('base64')}` }),
    ).toThrow(/APPLICATION_KEYS/);
  });
});
