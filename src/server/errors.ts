// Every mistake is a 4xx JSON answer `{ error: { code, description } }` (docs/api.md). Routes
// throw ApiError; the app's error handler turns it into that answer.
import { ApiError, type ErrorEntry } from '../lib/api-error.ts';
import { GUARD_MESSAGES } from '../lib/form-rules.ts';

export { ApiError };

export const ERRORS = {
  invalidApiKey: [401, 'invalid_api_key', 'This client is not allowed to use the API.'],
  unauthorized: [401, 'unauthorized', 'Please sign in again.'],
  notFound: [404, 'not_found', 'There is nothing at this address.'],
  invalidPath: [400, 'invalid_path', 'This address is not spelled in a way the site reads.'],
  methodNotAllowed: [405, 'method_not_allowed', 'This address does not accept that kind of request.'],
  payloadTooLarge: [413, 'payload_too_large', 'The request is too large.'],
  unsupportedMediaType: [415, 'unsupported_media_type', 'Send the request body as JSON.'],
  invalidJson: [400, 'invalid_json', 'The request body is not valid JSON.'],
  notAnObject: [400, 'invalid_input', 'The request body must be a JSON object.'],
  badCharacters: [400, 'invalid_input', 'The request contains characters that are not allowed.'],
  rateLimited: [429, 'rate_limited', GUARD_MESSAGES.tooMany],
  invalidSubmission: [400, 'invalid_submission', GUARD_MESSAGES.trap],
  tooFast: [400, 'too_fast', GUARD_MESSAGES.tooFast],
  humanCheckFailed: [400, 'human_check_failed', GUARD_MESSAGES.humanCheck],
  aborted: [400, 'request_aborted', 'The request was cut off before it was complete.'],
  internal: [500, 'internal_error', 'Something went wrong on our side. Please try again.'],
  unavailable: [503, 'unavailable', 'The service is unavailable. Please try again later.'],
} as const satisfies Record<string, ErrorEntry>;

export const errorBody = (entry: ErrorEntry) => ApiError.of(entry).toJSON();

/** True for a unique-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | undefined;
  if (e?.code === '23505') return true; // PostgreSQL
  if (e?.errcode === 2067 || e?.errcode === 1555) return true; // SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY
  return typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed');
}

/** PostgreSQL's SQLSTATEs of an outage: connection exceptions (08), shutdown or start-up (57P0x), out of resources (53: disk full, too many connections). */
const PG_OUTAGE = /^(08|53|57P0[1-3])/;
/** Network errors of a database server that is down or unreachable. */
const NET_OUTAGE = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** pg's own errors for a connection that went away or could not be made in time. */
const PG_CLIENT_OUTAGE =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|not queryable|Query read timeout/i;
/** SQLite's primary result codes: BUSY (still locked after the busy timeout), READONLY, IOERR, FULL, CANTOPEN. */
const SQLITE_OUTAGE = new Set([5, 8, 10, 13, 14]);
/** File-system errors of a full or read-only disk. */
const DISK_OUTAGE = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * True when the error says the database (or the disk under it) cannot serve right now: PostgreSQL
 * down or unreachable, a disk that is full or read-only. The API answers these with 503
 * `unavailable` rather than a 500: nothing is wrong with the request, and the same request works
 * again once the database is back (the pool reconnects by itself).
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  const e = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (!e || typeof e !== 'object' || depth > 3) return false;
  // The API's own answer through the in-process client (an on-demand page's read): 503 unavailable.
  if ((e as { status?: unknown }).status === 503 && e.code === 'unavailable') return true;
  if (
    typeof e.code === 'string' &&
    (PG_OUTAGE.test(e.code) || NET_OUTAGE.has(e.code) || DISK_OUTAGE.has(e.code))
  )
    return true;
  if (typeof e.errcode === 'number' && SQLITE_OUTAGE.has(e.errcode & 0xff)) return true;
  if (typeof e.message === 'string' && PG_CLIENT_OUTAGE.test(e.message)) return true;
  // A connection tried on several addresses fails with an AggregateError of each attempt's error.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return isUnavailable(e.cause, depth + 1);
}
