// What islands and page scripts use to read and change the browser session (product.md 3, 4).
import { apiWithToken, read } from './api.ts';
import { $session, clearSession, readKey, SESSION_KEYS, writeKey } from './session-store.ts';

export { $session, clearSession, readSession, type Session } from './session-store.ts';

/** How long sign-out waits for the server to end the session before leaving the page anyway. */
const LOGOUT_WAIT_MS = 2000;

export function signIn({ token, user_id }: { token: string; user_id: string }): void {
  writeKey(SESSION_KEYS.token, token);
  writeKey(SESSION_KEYS.userId, user_id);
  // A name cached for an earlier visitor must not greet this one.
  writeKey(SESSION_KEYS.firstName, null);
  $session.set({ token, userId: user_id, firstName: null });
}

/** The server rotated the session (a password change): the new token replaces the old one. */
export function renewToken(token: string): void {
  if (!$session.get().token) return;
  writeKey(SESSION_KEYS.token, token);
  $session.setKey('token', token);
}

/**
 * Caches the first name for the greetings (blank means unknown). Only while signed in: a profile
 * answer that arrives after Sign Out must not put the name back into the cleared storage.
 */
export function setFirstName(name: string | null | undefined): void {
  if (!$session.get().token) return;
  const value = name?.trim() || null;
  writeKey(SESSION_KEYS.firstName, value);
  $session.setKey('firstName', value);
}

/** product.md 4: signing out clears all browser storage, not only the session keys. */
function clearAllStorage(): void {
  try {
    globalThis.localStorage?.clear();
    globalThis.sessionStorage?.clear();
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  clearSession();
}

/** For a session the server has already ended (account deleted): clear everything, go home. */
export function leaveSignedOut(): void {
  clearAllStorage();
  globalThis.location?.assign('/');
}

/** Sign out: storage is cleared first, then the server is asked (best effort) to end the session. */
export async function signOut(): Promise<void> {
  const token = readKey(SESSION_KEYS.token);
  clearAllStorage();
  if (token) {
    const init = { keepalive: true, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) };
    await read(apiWithToken(token).auth.logout.$post(undefined, { init })).catch((error: unknown) =>
      console.warn('Sign-out: the server session could not be ended', error),
    );
  }
  globalThis.location?.assign('/');
}
