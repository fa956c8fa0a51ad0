// The password-reset token travels in the mailed link. Read it once, then take it out of the
// address bar (history.replaceState) so it is neither left in history nor sent as a referrer;
// sessionStorage (this tab only) keeps it so a reload of the page still works.
const KEY = 'reset_token';
const PARAM = 'reset_token';

export function readResetToken(): string | null {
  const url = new URL(globalThis.location.href);
  const fromLink = url.searchParams.get(PARAM);
  try {
    if (fromLink) {
      globalThis.sessionStorage?.setItem(KEY, fromLink);
      url.searchParams.delete(PARAM);
      globalThis.history.replaceState(
        globalThis.history.state,
        '',
        `${url.pathname}${url.search}${url.hash}`,
      );
      return fromLink;
    }
    return globalThis.sessionStorage?.getItem(KEY) || null;
  } catch {
    return fromLink;
  }
}

export function forgetResetToken(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
