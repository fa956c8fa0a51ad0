// The human check's behaviour, for plain forms (HumanCheck.astro) and islands (HumanCheck.tsx) alike,
// over the markup of HumanCheckMarkup.tsx. It asks the server which check it verifies and shows
// that part: Turnstile, the local stand-in, or the 'unavailable' notice (no token ever). The token
// goes into the hidden input `human_check_token` and out with a bubbling `human-check:token` event;
// `human-check:reset` starts the check over (see resetHumanCheck). Returns a function that undoes
// the mount (islands call it when they unmount).
import { type Check, mountLocal, mountTurnstile, type SetToken, type ShowError } from './checks.ts';
import { LOAD_ERROR, loadHumanCheckConfig, RESET_EVENT, TOKEN_EVENT } from './human-check.client.ts';

export function mountHumanCheck(root: HTMLElement): () => void {
  const part = <E extends HTMLElement>(selector: string) => root.querySelector<E>(selector);
  const action = root.dataset.action ?? '';
  const input = part<HTMLInputElement>('input[name="human_check_token"]');
  const error = part('[data-error]');
  const retry = part<HTMLButtonElement>('[data-retry]');
  const local = part('[data-local]');
  const slot = part('[data-slot]');
  const unavailable = part('[data-unavailable]');
  const parts = [local, slot, unavailable];
  const listening = new AbortController();
  let check: Check | undefined;
  // A config answer that arrives after a restart or unmount belongs to the old round.
  let round = 0;

  const setToken: SetToken = (token) => {
    if (input) input.value = token ?? '';
    root.dispatchEvent(new CustomEvent(TOKEN_EVENT, { bubbles: true, detail: { token } }));
  };
  const showError: ShowError = (failed, canRetry = false) => {
    if (error) error.textContent = failed ? LOAD_ERROR : '';
    if (retry) retry.hidden = !(failed && canRetry);
  };
  const show = (shown: HTMLElement | null) => {
    for (const element of parts) if (element) element.hidden = element !== shown;
  };

  const start = () => {
    const mine = ++round;
    check?.stop();
    check = undefined;
    show(null);
    showError(false);
    setToken(null);
    root.setAttribute('aria-busy', 'true');
    loadHumanCheckConfig().then(
      (config) => {
        if (mine !== round) return;
        root.setAttribute('aria-busy', 'false');
        if (config.mode === 'turnstile' && slot) {
          show(slot);
          check = mountTurnstile(slot, config.siteKey, action, setToken, showError);
        } else if (config.mode === 'local' && local) {
          show(local);
          check = mountLocal(root, action, setToken, showError);
        } else {
          show(unavailable);
        }
      },
      (failure: unknown) => {
        if (mine !== round) return;
        console.warn('Security check error', failure);
        root.setAttribute('aria-busy', 'false');
        showError(true, true);
      },
    );
  };

  retry?.addEventListener('click', start, { signal: listening.signal });
  root.addEventListener(RESET_EVENT, () => (check ? check.reset() : setToken(null)), {
    signal: listening.signal,
  });
  start();
  return () => {
    round += 1;
    listening.abort();
    check?.stop();
    check = undefined;
    show(null);
  };
}
