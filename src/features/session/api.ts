// The one client for /api/v1 (SPEC 7, docs/api.md): Hono's typed client over the API's own type,
// so paths, bodies and answers are checked at build time. Every call sends the API key; `api`
// sends the stored token as a bearer token and applies the 401 rule of SPEC 4 (an answer 401 to a
// call made with the stored token ends the session and goes to sign-in). Error answers
// `{error:{code,description}}` and lost connections reject with ApiError; `errorText` below turns
// any failure into the sentence a visitor reads.
import { type ClientResponse, hc } from 'hono/client';
import { PUBLIC_API_KEY } from '../../lib/api-key';
// Type only: no server code reaches the browser (Biome's rule; tests/e2e/budgets.spec.ts checks the build).
import type { AppType } from '../../server/app';
import { clearSession, readKey, SESSION_KEYS } from './store';

export const LOGIN_PATH = '/account/login';
export const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';
export const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
  }

  /** True when the server said what the visitor did wrong (a 4xx with its own sentence). */
  get isSpecific(): boolean {
    return this.status >= 400 && this.status < 500 && this.code !== 'http_error';
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const error = (data as { error?: Record<string, unknown> } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.description === 'string') {
    const fields = error.fields && typeof error.fields === 'object' ? error.fields : {};
    return new ApiError(status, error.code, error.description, fields as Record<string, string>);
  }
  return new ApiError(status, 'http_error', UNEXPECTED_MESSAGE);
}

/**
 * Which token a client sends: 'session' the stored one (with the 401 rule); 'none' no token
 * (sign-in, sign-up, password reset, the human check act on no session); a token string that
 * token without the rule (sign-out, after storage is already cleared).
 */
type Auth = 'session' | 'none' | { token: string };

const fetchAs =
  (auth: Auth): typeof fetch =>
  async (input, init) => {
    const stored = auth === 'session' ? readKey(SESSION_KEYS.token) : null;
    const token = typeof auth === 'object' ? auth.token : stored;
    const headers = new Headers(init?.headers);
    headers.set('X-API-Key', PUBLIC_API_KEY);
    headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await fetch(input, { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
    }
    if (response.status === 401 && stored) {
      clearSession();
      globalThis.location?.replace(LOGIN_PATH);
    }
    if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
    return response;
  };

const clientFor = (auth: Auth) => hc<AppType>('/', { fetch: fetchAs(auth) }).api.v1;

/** The API as the signed-in visitor: `await read(api.me.profile.$get())`. */
export const api = clientFor('session');
/** The API without a session. */
export const publicApi = clientFor('none');
/** The API with this token and without the 401 rule (sign-out). */
export const apiWithToken = (token: string) => clientFor({ token });

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
