// Header fade (product.md 2.4 and 9): the header turns green with scroll depth, in 50 px steps, fully
// green at 250 px. Steps rather than a smooth ramp keep style work to six changes per page.
export const FADE_STEP_PX = 50;
export const FADE_FULL_PX = 250;

/** Opacity of the header's green layer for a scroll depth: min(floor(y/50)*50, 250)/250. */
export function fadeOpacity(scrollY: number): number {
  if (!Number.isFinite(scrollY) || scrollY <= 0) return 0;
  return Math.min(Math.floor(scrollY / FADE_STEP_PX) * FADE_STEP_PX, FADE_FULL_PX) / FADE_FULL_PX;
}

/** Keeps the header's --fade in step with the scroll depth: a passive listener, one write per frame. */
export function watchHeaderFade(header: HTMLElement): void {
  let last = -1;
  let queued = false;
  const paint = () => {
    queued = false;
    const next = fadeOpacity(window.scrollY);
    if (next === last) return;
    last = next;
    header.style.setProperty('--fade', String(next));
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(paint);
    },
    { passive: true },
  );
  paint();
}
