// The browser's localStorage, or undefined where it cannot be used. On its own, without the
// session store: the application forms and the form ticket need it, and their pages stay within
// the JavaScript budget (tests/e2e/budgets.spec.ts) without carrying the session code.

// Storage can throw (privacy modes, disabled cookies): the site then works as signed out.
export const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};
