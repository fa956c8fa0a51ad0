// The two checks mount.ts can run once the server has said which one it verifies: Cloudflare
// Turnstile in its slot, or the local stand-in checkbox. Each reports tokens through setToken and
// problems through showError, and can start over (reset) or be taken down (stop).
import { clearBeforeExpiry, loadTurnstile, requestLocalToken } from './human-check.client.ts';

export type SetToken = (token: string | null) => void;
export type ShowError = (failed: boolean, canRetry?: boolean) => void;
/** The running check of one mode. */
export interface Check {
  reset(): void;
  stop(): void;
}

export function mountTurnstile(
  slot: HTMLElement,
  siteKey: string,
  action: string,
  setToken: SetToken,
  showError: ShowError,
): Check {
  let widgetId: string | null | undefined;
  let round = 0;
  const remove = () => {
    if (widgetId) globalThis.turnstile?.remove(widgetId);
    widgetId = undefined;
  };
  const render = () => {
    const mine = ++round;
    remove();
    setToken(null);
    showError(false);
    loadTurnstile().then(
      (turnstile) => {
        if (mine !== round) return;
        widgetId = turnstile.render(slot, {
          sitekey: siteKey,
          action,
          callback: (token) => setToken(token),
          'expired-callback': () => setToken(null),
          'timeout-callback': () => setToken(null),
          'error-callback': (code) => {
            console.warn('Security check error', code);
            setToken(null);
          },
        });
      },
      () => mine === round && showError(true, true),
    );
  };
  render();
  return {
    reset: render,
    stop() {
      round += 1;
      remove();
    },
  };
}

export function mountLocal(
  root: HTMLElement,
  action: string,
  setToken: SetToken,
  showError: ShowError,
): Check {
  const box = root.querySelector<HTMLInputElement>('[data-box]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  const listening = new AbortController();
  // Answers that arrive after a reset belong to the old round and are dropped.
  let round = 0;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const show = (state: 'idle' | 'busy' | 'verified' | 'failed') => {
    if (box) box.checked = state === 'verified';
    root.setAttribute('aria-busy', String(state === 'busy'));
    if (status) status.textContent = state === 'verified' ? 'Verified' : '';
    showError(state === 'failed');
  };
  const reset = () => {
    round += 1;
    clearTimeout(expiry);
    show('idle');
    setToken(null);
  };

  box?.addEventListener(
    'change',
    async () => {
      if (!box.checked) return reset();
      if (root.getAttribute('aria-busy') === 'true') return;
      const mine = ++round;
      show('busy');
      try {
        const { token, expiresInMs } = await requestLocalToken(action);
        if (mine !== round) return;
        show('verified');
        setToken(token);
        expiry = setTimeout(reset, clearBeforeExpiry(expiresInMs));
      } catch (failure) {
        if (mine !== round) return;
        console.warn('Security check error', failure);
        show('failed');
        setToken(null);
      }
    },
    { signal: listening.signal },
  );
  reset();
  return {
    reset,
    stop() {
      round += 1;
      clearTimeout(expiry);
      listening.abort();
      if (box) box.checked = false;
      if (status) status.textContent = '';
    },
  };
}
