// The browser session (product.md 3): token, user_id and first_name in localStorage, mirrored in a
// nanostores map so islands re-render when it changes. The keys are the ones the pre-paint
// scripts in src/inline/ read, so a stored token marks the page signed in before first paint.
import { map } from 'nanostores';
import { storage } from '../../lib/local-storage.ts';

export interface Session {
  token: string | null;
  userId: string | null;
  firstName: string | null;
}

export const SESSION_KEYS = { token: 'token', userId: 'user_id', firstName: 'first_name' } as const;

export function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Not persisted; the in-memory store still holds the value for this page.
  }
}

export const readSession = (): Session => ({
  token: readKey(SESSION_KEYS.token),
  userId: readKey(SESSION_KEYS.userId),
  firstName: readKey(SESSION_KEYS.firstName),
});

export const $session = map<Session>(readSession());

/** Removes the session keys only (other stored data, e.g. form attempt counts, stays). */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) writeKey(key, null);
  $session.set({ token: null, userId: null, firstName: null });
}

// Another tab signing in or out changes localStorage: follow it so a stale page does not act
// with a token that no longer exists.
globalThis.addEventListener?.('storage', (event) => {
  if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) {
    $session.set(readSession());
  }
});
