// App promo dismissal: remembered per browser, so a visitor who closed it is not asked again.
export const DISMISS_KEY = 'app_promo_dismissed';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function initAppPromo(promo: HTMLElement, key: string): void {
  if (read(key)) {
    promo.hidden = true;
    return;
  }
  const close = promo.querySelector<HTMLButtonElement>('[data-app-promo-close]');
  if (!close) return;
  close.hidden = false;
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Storage blocked: the promo still closes for this page view.
    }
    promo.hidden = true;
    // Keep keyboard focus in the page flow instead of losing it with the removed button.
    document.querySelector<HTMLElement>('footer a')?.focus();
  });
}
