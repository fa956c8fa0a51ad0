// A list of named 32-byte keys as APPLICATION_KEYS writes it (`id:base64key,...`, the active one
// first): read here, where the configuration checks it at start (config.ts), and by the
// applications' keyring (src/features/applications/keys.server.ts).
export const KEY_BYTES = 32;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

export function decodeKey(id: string, text: string): Buffer {
  if (!ID.test(id)) throw new KeyConfigError(`Key id "${id}" may hold only letters, digits, - and _`);
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES)
    throw new KeyConfigError(`Key ${id} must be ${KEY_BYTES} bytes, base64-encoded`);
  return key;
}

/** APPLICATION_KEYS: `id:base64key` entries separated by commas, the active one first. */
export function parseKeyList(text: string): { activeId: string; keys: Map<string, Buffer> } {
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
