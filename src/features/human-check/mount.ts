// The plain-form widget's behaviour (HumanCheck.astro): the same checks as the React widget, with
// the token kept in the hidden input `human_check_token`. It announces each token with a bubbling
// `human-check:token` event and starts over on `human-check:reset` (see resetHumanCheck).
import {
  clearBeforeExpiry,
  LOAD_ERROR,
  loadTurnstile,
  RESET_EVENT,
  requestLocalToken,
  TOKEN_EVENT,
} from './human-check.client';

export function mountHumanCheck(root: HTMLElement): void {
  const action = root.dataset.action ?? '';
  const input = root.querySelector<HTMLInputElement>('input[name="human_check_token"]');
  const error = root.querySelector<HTMLElement>('[data-error]');

  const setToken = (token: string | null) => {
    if (input) input.value = token ?? '';
    root.dispatchEvent(new CustomEvent(TOKEN_EVENT, { bubbles: true, detail: { token } }));
  };
  const showError = (failed: boolean) => {
    if (error) error.textContent = failed ? LOAD_ERROR : '';
  };

  const siteKey = root.dataset.siteKey;
  if (siteKey) mountTurnstile(root, siteKey, action, setToken, showError);
  else mountLocal(root, action, setToken, showError);
}

function mountTurnstile(
  root: HTMLElement,
  siteKey: string,
  action: string,
  setToken: (token: string | null) => void,
  showError: (failed: boolean) => void,
) {
  const slot = root.querySelector<HTMLElement>('[data-slot]');
  const retry = root.querySelector<HTMLButtonElement>('[data-retry]');
  let widgetId: string | null | undefined;

  const start = () => {
    setToken(null);
    showError(false);
    if (retry) retry.hidden = true;
    if (widgetId) globalThis.turnstile?.remove(widgetId);
    widgetId = undefined;
    loadTurnstile().then(
      (turnstile) => {
        if (!slot) return;
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
      () => {
        showError(true);
        if (retry) retry.hidden = false;
      },
    );
  };
  retry?.addEventListener('click', start);
  root.addEventListener(RESET_EVENT, start);
  start();
}

function mountLocal(
  root: HTMLElement,
  action: string,
  setToken: (token: string | null) => void,
  showError: (failed: boolean) => void,
) {
  const box = root.querySelector<HTMLInputElement>('[data-box]');
  // Answers that arrive after a reset belong to the old round and are dropped.
  let round = 0;
  const status = root.querySelector<HTMLElement>('[data-status]');
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

  box?.addEventListener('change', async () => {
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
  });
  root.addEventListener(RESET_EVENT, reset);
  reset();
}
