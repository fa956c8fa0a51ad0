// Authenticated encryption of applications at rest: AES-256-GCM (node:crypto), a fresh 96-bit IV
// per message, and the key's id written into every sealed value, so that keys can be rotated
// while old records stay readable. The associated data binds a ciphertext to its record: a value
// copied into another row, or altered by one bit, is refused instead of decrypted.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Keyring {
  /** Id of the key new values are sealed with. */
  activeId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** Thrown for anything that cannot be opened: unknown key, wrong record, tampering. */
export class SealError extends Error {
  override name = 'SealError';
}

/** `v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function seal(keyring: Keyring, plaintext: Uint8Array | string, context: string): string {
  const key = keyring.keys.get(keyring.activeId);
  if (!key) throw new SealError(`The active key ${keyring.activeId} is not in the keyring`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`${VERSION}|${keyring.activeId}|${context}`));
  const body = Buffer.concat([
    cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext) : plaintext),
    cipher.final(),
  ]);
  return [VERSION, keyring.activeId, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The id of the key a sealed value needs. */
export function keyIdOf(sealed: string): string {
  const [version, keyId] = sealed.split('.', 2);
  if (version !== VERSION || !keyId) throw new SealError('Not a sealed value');
  return keyId;
}

export function open(keyring: Keyring, sealed: string, context: string): Buffer {
  const parts = sealed.split('.');
  const [version, keyId, iv, tag, body] = parts;
  if (parts.length !== 5 || version !== VERSION || !keyId || !iv || !tag || body === undefined) {
    throw new SealError('Not a sealed value');
  }
  const key = keyring.keys.get(keyId);
  if (!key) throw new SealError(`Key ${keyId} is not in the keyring`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(`${VERSION}|${keyId}|${context}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    throw new SealError('The sealed value was altered or belongs to another record');
  }
}

export const openText = (keyring: Keyring, sealed: string, context: string): string =>
  open(keyring, sealed, context).toString('utf8');

/** Seals `sealed` again with the active key (key rotation); unchanged when it already uses it. */
export function reseal(keyring: Keyring, sealed: string, context: string): string {
  if (keyIdOf(sealed) === keyring.activeId) return sealed;
  return seal(keyring, open(keyring, sealed, context), context);
}
