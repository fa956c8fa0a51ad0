// The islands' client for /api/v1, with the visitor's session (product.md 4, 7): the typed client of
// src/lib/api-client.ts plus the stored token. `api` sends the stored token as a bearer token and
// applies the 401 rule of product.md 4 (an answer 401 to a call made with the stored token ends the
// session and goes to sign-in). Islands import everything from here; a script that must not carry
// the session store (the home page's promotion, content pages) imports src/lib/api-client.ts.
import { apiClient } from '../../lib/api-client.ts';
import { clearSession, readKey, SESSION_KEYS } from './session-store.ts';

export {
  ApiError,
  errorText,
  NETWORK_MESSAGE,
  newIdempotencyKey,
  publicApi,
  read,
  withIdempotencyKey,
} from '../../lib/api-client.ts';

export const LOGIN_PATH = '/account/login';

/** The API as the signed-in visitor: `await read(api.me.profile.$get())`. */
export const api = apiClient({
  token: () => readKey(SESSION_KEYS.token),
  onError(response, token) {
    if (response.status !== 401 || !token) return;
    clearSession();
    globalThis.location?.replace(LOGIN_PATH);
  },
});
/** The API with this token and without the 401 rule (sign-out, after storage is already cleared). */
export const apiWithToken = (token: string) => apiClient({ token: () => token });
