// Password hashing: argon2id with OWASP's first recommended settings (19 MiB, 2 passes, 1 lane).
// The native module is loaded with the first password (memory at rest counts, bench/server.mjs).
const argon2 = () => import('@node-rs/argon2');

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (password: string): Promise<string> =>
  (await argon2()).hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account, so that a sign-in attempt does
 * not reveal through its timing whether an address is registered.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Kf1');
  await verifyPassword(await dummyHash, password);
  return false;
}
