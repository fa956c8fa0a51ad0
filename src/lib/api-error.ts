// The API's one error (docs/api.md): a route throws it and the app's error handler answers with its
// JSON, `{ error: { code, description, fields? } }` (src/server/errors.ts); the API client rejects with
// the same class when it reads that answer or loses the connection (src/lib/api-client.ts). One class,
// so the in-process client and the server's own callers tell it apart with one `instanceof`.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A status, a code and the sentence a visitor reads, as src/server/errors.ts lists them. */
export type ErrorEntry = readonly [ContentfulStatusCode, string, string];

// Fields declared, not parameter properties: the server also runs this file through Node's own
// type stripping (the shutdown test, operator scripts), which refuses parameter properties.
export class ApiError extends Error {
  /** The HTTP status; 0 when no answer came (offline, connection lost). */
  readonly status: number;
  readonly code: string;
  readonly description: string;
  /** A sentence per form field, for the form to show beside each one. */
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, description: string, fields: Record<string, string> = {}) {
    super(description);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.description = description;
    this.fields = fields;
  }

  static of(entry: ErrorEntry): ApiError {
    return new ApiError(entry[0], entry[1], entry[2]);
  }

  /** True when the server said what the visitor did wrong (a 4xx with its own sentence). */
  get isSpecific(): boolean {
    return this.status >= 400 && this.status < 500 && this.code !== 'http_error';
  }

  toJSON() {
    const fields = Object.keys(this.fields).length > 0 ? { fields: this.fields } : {};
    return { error: { code: this.code, description: this.description, ...fields } };
  }
}
