// Rotating top-banner messages. Moving content needs a visible way to stop it (WCAG 2.2.2), so
// the Pause/Play button appears only when the rotation actually runs: not without JS and not
// for visitors who ask for reduced motion (both then simply see the first message).
export const ROTATE_MS = 5000;

export function startRotator(root: HTMLElement): void {
  const items = [...root.querySelectorAll<HTMLElement>('[data-rotator-item]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-rotator-toggle]');
  const label = toggle?.querySelector<HTMLElement>('[data-rotator-label]');
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  if (items.length < 2 || !toggle || !label || reduce.matches) return;

  let current = 0;
  let paused = false;
  // Hovering or focusing a message holds it still, so it can be read and followed.
  let held = false;

  const show = (index: number) => {
    items[current]?.setAttribute('hidden', '');
    current = index;
    items[current]?.removeAttribute('hidden');
  };
  const timer = window.setInterval(() => {
    if (!paused && !held) show((current + 1) % items.length);
  }, ROTATE_MS);

  const setPaused = (value: boolean) => {
    paused = value;
    label.textContent = paused ? 'Play' : 'Pause';
    toggle.classList.toggle('is-paused', paused);
  };
  toggle.addEventListener('click', () => setPaused(!paused));
  toggle.hidden = false;

  const list = items[0]?.parentElement;
  list?.addEventListener('mouseenter', () => {
    held = true;
  });
  list?.addEventListener('mouseleave', () => {
    held = false;
  });
  list?.addEventListener('focusin', () => {
    held = true;
  });
  list?.addEventListener('focusout', () => {
    held = false;
  });
  reduce.addEventListener('change', () => {
    if (!reduce.matches) return;
    window.clearInterval(timer);
    toggle.hidden = true;
  });
}
