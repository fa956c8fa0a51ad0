// The anti-abuse constants and messages of the public forms, one copy for the browser (src/components/form/
// guards.ts) and the server (src/server/form-ticket.ts, src/server/rate-limit.ts), so the two
// checks cannot drift apart. product.md 5.1: "submit under 3 seconds after load gives 'Please review
// your information and try again'; 3 or more attempts in the last hour gives 'Too many attempts.
// Please try again later'". product.md 9: "Rate limit: 3 attempts per hour (3,600,000 ms) for giveaway
// and for register" and "Minimum form dwell time: 3 seconds."

/** Least time between loading a public form and submitting it. */
export const MIN_DWELL_MS = 3000;
/** Attempts a client may make at one public form within ATTEMPT_WINDOW_MS. */
export const MAX_ATTEMPTS_PER_HOUR = 3;
export const ATTEMPT_WINDOW_MS = 3_600_000;
/**
 * A form ticket (server-signed time of issue and browser id) is accepted this long after issue; the
 * islands keep theirs in the browser and reuse it, so the per-browser limit counts a browser, not a page load.
 */
export const FORM_TICKET_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * product.md 5.1's texts of the submit checks, written once: the island shows them before sending
 * (src/components/form/guards.ts), the server answers with them (src/server/errors.ts).
 */
export const GUARD_MESSAGES = {
  trap: 'Invalid submission',
  tooFast: 'Please review your information and try again',
  tooMany: 'Too many attempts. Please try again later',
  humanCheck: 'Please complete the security check',
} as const;

/**
 * Where a multipart form (the applications) sends its guard values: as headers, so the server
 * checks trap, ticket, limits and human check before it reads one byte of the body (docs/threat-model.md).
 * The trap's value is sent URI-encoded (a header carries Latin-1 only); only its presence matters.
 */
export const GUARD_HEADERS = {
  website: 'X-Form-Website',
  form_ticket: 'X-Form-Ticket',
  human_check_token: 'X-Human-Check',
} as const;
