// A secret token that travels in a mailed link (the password reset's, a winner's confirmation). Read
// it once, then take it out of the address bar (history.replaceState) so it is neither left in
// history nor sent as a referrer; sessionStorage (this tab only) keeps it so a reload of the page
// still works.

/** The token of the link's query parameter `param`, or the one this tab kept from it. */
export function readLinkToken(param: string): string | null {
  const url = new URL(globalThis.location.href);
  const fromLink = url.searchParams.get(param);
  try {
    if (fromLink) {
      globalThis.sessionStorage?.setItem(param, fromLink);
      url.searchParams.delete(param);
      globalThis.history.replaceState(
        globalThis.history.state,
        '',
        `${url.pathname}${url.search}${url.hash}`,
      );
      return fromLink;
    }
    return globalThis.sessionStorage?.getItem(param) || null;
  } catch {
    return fromLink;
  }
}

/** Forgets the token kept for `param` (the link has been used). */
export function forgetLinkToken(param: string): void {
  try {
    globalThis.sessionStorage?.removeItem(param);
  } catch {
    // Nothing stored.
  }
}

const RESET_PARAM = 'reset_token';
export const readResetToken = (): string | null => readLinkToken(RESET_PARAM);
export const forgetResetToken = (): void => forgetLinkToken(RESET_PARAM);
