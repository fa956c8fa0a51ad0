// Browser side of the human check, shared by the React widget (HumanCheck.tsx) and the plain-form
// widget (HumanCheck.astro). Turnstile when a site key was configured at build time, otherwise the
// local stand-in that asks this site's API for a signed token. No framework code: plain forms on
// content pages use it too.

export const LOAD_ERROR = 'The security check could not load. Check your connection and try again.';
export const STAND_IN_NOTE =
  'Stand-in security check for development: this site has no Turnstile key configured.';
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
export const SITE_KEY: string | undefined = import.meta.env.PUBLIC_TURNSTILE_SITE_KEY || undefined;
const API_KEY: string = import.meta.env.PUBLIC_API_KEY ?? 'kwikfill-public-web';
const LOAD_TIMEOUT_MS = 15_000;

/** Events of the plain-form widget: it announces tokens, and a form asks it to start over. */
export const TOKEN_EVENT = 'human-check:token';
export const RESET_EVENT = 'human-check:reset';

export interface TurnstileOptions {
  sitekey: string;
  action: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'timeout-callback': () => void;
  'error-callback': (code?: string) => void;
}
export interface Turnstile {
  render(container: HTMLElement, options: TurnstileOptions): string | null | undefined;
  remove(widgetId: string): void;
}
declare global {
  var turnstile: Turnstile | undefined;
}

let loading: Promise<Turnstile> | undefined;

/** Loads Cloudflare's script once; rejects when it cannot load (offline), and a later call tries again. */
export function loadTurnstile(): Promise<Turnstile> {
  if (globalThis.turnstile) return Promise.resolve(globalThis.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(new Error('The Turnstile script did not load'));
    };
    const timer = setTimeout(fail, LOAD_TIMEOUT_MS);
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.addEventListener('error', fail);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (globalThis.turnstile) resolve(globalThis.turnstile);
      else fail();
    });
    document.head.append(script);
  });
  return loading;
}

/** A token from the local stand-in (POST /api/v1/human-check/local), with its lifetime. */
export async function requestLocalToken(action: string): Promise<{ token: string; expiresInMs: number }> {
  const response = await fetch('/api/v1/human-check/local', {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ action }),
    credentials: 'same-origin',
  });
  const data = (await response.json().catch(() => undefined)) as
    | { token?: unknown; expires_in?: unknown }
    | undefined;
  if (!response.ok || typeof data?.token !== 'string')
    throw new Error(`Local check answered ${response.status}`);
  const seconds = typeof data.expires_in === 'number' ? data.expires_in : 300;
  return { token: data.token, expiresInMs: seconds * 1000 };
}

/** Clears the token a little before the server would refuse it (SPEC 4: cleared on expiry). */
export const clearBeforeExpiry = (expiresInMs: number): number => Math.max(expiresInMs - 10_000, 1000);

/** For plain forms: starts every human check inside `scope` over (after a failed submit). */
export function resetHumanCheck(scope: ParentNode = document): void {
  for (const element of scope.querySelectorAll('[data-human-check]'))
    element.dispatchEvent(new Event(RESET_EVENT));
}
