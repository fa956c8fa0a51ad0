// Browser side of the human check, shared by the plain-form widget (HumanCheck.astro) and the React
// wrapper (HumanCheck.tsx), both driven by mount.ts. Which check to show is the server's answer
// (GET /api/v1/human-check/config), never a build-time guess, so the widget always matches what
// the server verifies: Turnstile, the local stand-in (signed tokens from this site's API), or none.
// No framework code: plain forms on content pages use it too. The server half (the verifier the
// public-form guard calls, and these two routes) is src/server/human-check/; why two trees:
// docs/decisions/0005.
import { publicApi, read } from '../session/api.ts';
import { RESET_EVENT } from './texts.ts';

export { LOAD_ERROR, RESET_EVENT, STAND_IN_NOTE, TOKEN_EVENT, UNAVAILABLE_MESSAGE } from './texts.ts';

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const LOAD_TIMEOUT_MS = 15_000;

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

export type HumanCheckConfig =
  | { mode: 'turnstile'; siteKey: string }
  | { mode: 'local' }
  | { mode: 'unavailable' };

/** Anything but a usable answer is 'unavailable': Turnstile without a site key could not work either. */
function toConfig(answer: { mode?: unknown; site_key?: unknown } | undefined): HumanCheckConfig {
  if (answer?.mode === 'turnstile' && typeof answer.site_key === 'string' && answer.site_key) {
    return { mode: 'turnstile', siteKey: answer.site_key };
  }
  return answer?.mode === 'local' ? { mode: 'local' } : { mode: 'unavailable' };
}

let config: Promise<HumanCheckConfig> | undefined;

/** The check the server verifies, asked once per page; after a failure the next call asks again. */
export function loadHumanCheckConfig(): Promise<HumanCheckConfig> {
  config ??= read<{ mode?: unknown; site_key?: unknown }>(publicApi['human-check'].config.$get()).then(
    toConfig,
    (error: unknown) => {
      config = undefined;
      throw error;
    },
  );
  return config;
}

/** A token from the local stand-in (POST /api/v1/human-check/local), with its lifetime. */
export async function requestLocalToken(action: string): Promise<{ token: string; expiresInMs: number }> {
  const data: { token?: unknown; expires_in?: unknown } | undefined = await read(
    publicApi['human-check'].local.$post({ json: { action } }),
  );
  if (typeof data?.token !== 'string') throw new Error('The local check answered no token');
  const seconds = typeof data.expires_in === 'number' ? data.expires_in : 300;
  return { token: data.token, expiresInMs: seconds * 1000 };
}

/** Clears the token a little before the server would refuse it (product.md 4: cleared on expiry). */
export const clearBeforeExpiry = (expiresInMs: number): number => Math.max(expiresInMs - 10_000, 1000);

/** For plain forms: starts every human check inside `scope` over (after a failed submit). */
export function resetHumanCheck(scope: ParentNode = document): void {
  for (const element of scope.querySelectorAll('[data-human-check]'))
    element.dispatchEvent(new Event(RESET_EVENT));
}
