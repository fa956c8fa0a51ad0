// The human check's texts and events: what the markup and an island's wrapper need before the
// widget's code (mount.ts, human-check.client.ts) arrives, so that code can wait (HumanCheck.tsx).
export const LOAD_ERROR = 'The security check could not load. Check your connection and try again.';
export const UNAVAILABLE_MESSAGE = 'The security check is unavailable right now. Please try again later.';
export const STAND_IN_NOTE =
  'Stand-in security check for development: this site has no Turnstile key configured.';

/** Events of the plain-form widget: it announces tokens, and a form asks it to start over. */
export const TOKEN_EVENT = 'human-check:token';
export const RESET_EVENT = 'human-check:reset';
