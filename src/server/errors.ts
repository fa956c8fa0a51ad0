// Every mistake is a 4xx JSON answer `{ error: { code, description } }` (docs/api.md). Routes
// throw ApiError; the app's error handler turns it into that answer.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { GUARD_MESSAGES } from '../lib/form-rules';

export const ERRORS = {
  invalidApiKey: [401, 'invalid_api_key', 'This client is not allowed to use the API.'],
  unauthorized: [401, 'unauthorized', 'Please sign in again.'],
  notFound: [404, 'not_found', 'There is nothing at this address.'],
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
} as const satisfies Record<string, readonly [ContentfulStatusCode, string, string]>;

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    description: string,
    fields?: Record<string, string>,
  ) {
    super(description);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  static of(entry: readonly [ContentfulStatusCode, string, string]): ApiError {
    return new ApiError(entry[0], entry[1], entry[2]);
  }

  toJSON() {
    const fields = this.fields && Object.keys(this.fields).length > 0 ? { fields: this.fields } : {};
    return { error: { code: this.code, description: this.message, ...fields } };
  }
}

export const errorBody = (entry: readonly [ContentfulStatusCode, string, string]) =>
  ApiError.of(entry).toJSON();

/** True for a unique-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | undefined;
  if (e?.code === '23505') return true; // PostgreSQL
  if (e?.errcode === 2067 || e?.errcode === 1555) return true; // SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY
  return typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed');
}
