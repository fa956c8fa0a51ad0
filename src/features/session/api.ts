// The one client for /api/v1 (SPEC 7, docs/api.md): API key and JSON on every call, the stored
// token as a bearer token, `{error:{code,description}}` answers turned into ApiError, and the
// 401 rule of SPEC 4: a call made with the stored token that comes back 401 ends the session.
import { clearSession, readKey, SESSION_KEYS } from './store';

export const API_BASE = '/api/v1';
export const API_KEY: string = import.meta.env.PUBLIC_API_KEY ?? 'kwikfill-public-web';
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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * Which token to send. Leave out to send the stored one (and apply the 401 rule); `null` sends
   * none (sign-in, sign-up and password reset act on no session); a string sends that token
   * without the 401 rule (sign-out, after storage is already cleared).
   */
  token?: string | null;
  signal?: AbortSignal;
  /** Lets a request outlive the page (sign-out navigates away right after). */
  keepalive?: boolean;
}

function toApiError(status: number, data: unknown): ApiError {
  const error = (data as { error?: Record<string, unknown> } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.description === 'string') {
    const fields = error.fields && typeof error.fields === 'object' ? error.fields : {};
    return new ApiError(status, error.code, error.description, fields as Record<string, string>);
  }
  return new ApiError(status, 'http_error', UNEXPECTED_MESSAGE);
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const storedToken = options.token === undefined ? readKey(SESSION_KEYS.token) : null;
  const token = options.token === undefined ? storedToken : options.token;
  const headers: Record<string, string> = {
    'X-API-Key': API_KEY,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => undefined);

  if (response.status === 401 && storedToken) {
    clearSession();
    globalThis.location?.replace(LOGIN_PATH);
  }
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}
