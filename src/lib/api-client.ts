// The typed client for /api/v1 that every caller builds on (product.md 7, docs/api.md): Hono's client over the API's own type,
// so paths, bodies and answers are checked at build time. Every call sends the API key. Error
// answers `{error:{code,description}}` and lost connections reject with ApiError; `errorText`
// turns any failure into the sentence a visitor reads.
// This module holds no session: the home page's promotion script and the content pages' scripts
// import it without the session store (page weight); src/features/session/api.ts adds the stored
// token and the 401 rule on top. On the server, src/server/in-process-client.ts builds the same
// client over `app.request` for the on-demand pages.
import { type ClientResponse, hc } from 'hono/client';
// Type only: no server code reaches the browser (Biome's rule; tests/e2e/budgets.spec.ts checks the build).
import type { AppType } from '../server/app.ts';
import { ApiError } from './api-error.ts';
import { PUBLIC_API_KEY } from './api-key.ts';

export { ApiError };

export const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';
/** Said at once when the browser knows it has no connection: nothing was sent, everything typed stays. */
export const OFFLINE_MESSAGE =
  'You are offline, so nothing was sent. What you entered is kept: please try again once you are connected.';
export const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again.';

/** An error answer's body as ApiError; anything else (an HTML 502) as the unexpected failure. */
export function toApiError(status: number, data: unknown): ApiError {
  const error = (data as { error?: Record<string, unknown> } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.description === 'string') {
    const fields = error.fields && typeof error.fields === 'object' ? error.fields : {};
    return new ApiError(status, error.code, error.description, fields as Record<string, string>);
  }
  return new ApiError(status, 'http_error', UNEXPECTED_MESSAGE);
}

export interface ClientOptions {
  /** The fetch to call at request time (default the global one; in-process: the app's `request`). */
  fetch?: typeof fetch;
  /** Default the build's public key; the server passes its configured one. */
  apiKey?: string;
  /** A bearer token to send, asked on every call (the session's stored token). */
  token?: () => string | null | undefined;
  /** Told of an error answer before it rejects (the session's 401 rule). */
  onError?: (response: Response, token: string | null | undefined) => void;
  /**
   * Answers as they come, error statuses included, for callers that read the status or headers
   * themselves (the store list's offline marks, the geocoder's own statuses). A lost connection
   * still rejects with ApiError.
   */
  raw?: boolean;
  /** Where /api/v1 lives: same origin in the browser, any origin in-process. */
  baseUrl?: string;
}

/**
 * The Idempotency-Key of the submission being sent (docs/decisions/0016-retries-uploads-and-lingering-close.md):
 * set by the one submit hook (src/components/form/useSubmit.ts) around a form's send, and sent with
 * each request that may create something, so a retry after a lost answer gets the first answer.
 */
let submissionKey: string | undefined;

/** Runs `send` with `key` as the Idempotency-Key of its requests (one form submits at a time). */
export async function withIdempotencyKey<T>(key: string, send: () => Promise<T>): Promise<T> {
  submissionKey = key;
  try {
    return await send();
  } finally {
    submissionKey = undefined;
  }
}

/** A new key: random, as the IETF draft asks (a UUID where the browser has randomUUID). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The headers every call sends: the API key, JSON, the session's token, a submission's key. */
export function callHeaders(options: ClientOptions, method: string, given?: HeadersInit) {
  const token = options.token?.();
  const headers = new Headers(given);
  headers.set('X-API-Key', options.apiKey ?? PUBLIC_API_KEY);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // A Structured Field string, as the draft writes it.
  if (submissionKey && method !== 'GET' && method !== 'HEAD')
    headers.set('Idempotency-Key', `"${submissionKey}"`);
  return { headers, token };
}

/** The browser knows it has no connection: refused at once, before any wait (navigator.onLine). */
export function refuseWhenOffline(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, 'offline', OFFLINE_MESSAGE);
  }
}

const keyedFetch =
  (options: ClientOptions): typeof fetch =>
  async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const { headers, token } = callHeaders(options, method, init?.headers);
    let response: Response;
    try {
      // A submission is refused at once; a read still goes out, as a service worker may answer it
      // with no signal (the locator's kept store list, public/stores-sw.js).
      if (method !== 'GET' && method !== 'HEAD') refuseWhenOffline();
      // The global fetch as it is at call time (tests stub it after this module loaded).
      response = await (options.fetch ?? fetch)(input, { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError' || error instanceof ApiError) throw error;
      // fetch's TypeError: no connection after all (navigator.onLine may not know), or it dropped.
      refuseWhenOffline();
      throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
    }
    if (!response.ok) options.onError?.(response, token);
    if (!response.ok && !options.raw) {
      throw toApiError(response.status, await response.json().catch(() => undefined));
    }
    return response;
  };

/** A typed client for /api/v1: `await read(apiClient().contact.$post({ json }))`. */
export const apiClient = (options: ClientOptions = {}) =>
  hc<AppType>(options.baseUrl ?? '/', { fetch: keyedFetch(options) }).api.v1;

export type Api = ReturnType<typeof apiClient>;

/** The API without a session; an error answer rejects with ApiError. */
export const publicApi = apiClient();
/** The API without a session, answers as they come (status and headers to read). */
export const rawPublicApi = apiClient({ raw: true });

/** The answer's JSON, typed by the route; an error answer has already rejected with ApiError. */
export async function read<T>(request: Promise<ClientResponse<T>>): Promise<T> {
  return (await request).json() as Promise<T>;
}

export interface ErrorTextOptions {
  /** What failed, said first: 'Your changes could not be saved.' */
  lead?: string;
  /** Said when the server gave no sentence the visitor can act on (default UNEXPECTED_MESSAGE; '' for none). */
  general?: string;
}

/**
 * The one way a failed call becomes the text a visitor reads: the lead, then the server's own
 * sentence when it tells the visitor what to fix or do (a 4xx of its own, a lost connection),
 * otherwise the general text.
 */
export function errorText(error: unknown, { lead, general = UNEXPECTED_MESSAGE }: ErrorTextOptions = {}) {
  const own =
    error instanceof ApiError && (error.isSpecific || error.status === 0) ? error.description : null;
  return [lead, own ?? general].filter(Boolean).join(' ');
}
