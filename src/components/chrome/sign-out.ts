// Sign Out, shared by the top banner and any other Sign Out button (e.g. the account sidebar).
// The browser forgets the session first, so a slow or failing server can never keep a visitor
// signed in; the server is told best-effort and waited for briefly at most.
export const LOGOUT_PATH = '/api/v1/auth/logout';
export const LOGOUT_WAIT_MS = 1500;

/** Tells the API to end the session; never throws and never waits longer than `waitMs`. */
export async function endSession(
  token: string | null,
  fetchImpl: typeof fetch = fetch,
  waitMs: number = LOGOUT_WAIT_MS,
): Promise<void> {
  if (!token) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const request = fetchImpl(LOGOUT_PATH, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([request, timeUp]);
  clearTimeout(timer);
}

/** Clears all browser storage, ends the session on the server (best-effort) and goes home. */
export async function signOut(): Promise<void> {
  let token: string | null = null;
  try {
    token = localStorage.getItem('token');
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be blocked (privacy settings); there is then nothing stored to clear.
  }
  document.documentElement.classList.remove('signed-in');
  await endSession(token);
  window.location.assign('/');
}
