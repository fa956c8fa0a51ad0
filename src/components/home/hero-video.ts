// The hero's background loop (product.md 2.5: playback rate 0.75). A visitor on a phone, on a slow or
// metered connection, or who asked for less motion gains nothing from it: they keep the poster and
// download no video at all (no autoplay attribute, preload="none"). On larger screens the loop
// starts only once the page has loaded, so it never competes with the page's own bytes.

export const HERO_PLAYBACK_RATE = 0.75;
/** Below this width the poster stays (the same breakpoint as the phone layout). */
export const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';
/** Network Information API effective types too slow for a background video. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

export interface MotionPreferences {
  reducedMotion: boolean;
  saveData: boolean;
  smallScreen: boolean;
  slowConnection: boolean;
}

export const shouldAutoplay = (preferences: MotionPreferences): boolean =>
  !preferences.reducedMotion &&
  !preferences.saveData &&
  !preferences.smallScreen &&
  !preferences.slowConnection;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** What the browser says about motion, screen and data; missing APIs count as "no preference". */
export const readPreferences = (win: Window): MotionPreferences => {
  const connection = (win.navigator as Navigator & { connection?: NetworkInformation }).connection;
  const matches = (query: string) => win.matchMedia?.(query).matches ?? false;
  return {
    reducedMotion: matches('(prefers-reduced-motion: reduce)'),
    saveData: connection?.saveData === true,
    smallScreen: matches(SMALL_SCREEN_QUERY),
    slowConnection: SLOW_CONNECTIONS.has(connection?.effectiveType ?? ''),
  };
};

/** Runs `task` once the page has loaded (at once when it already has). */
function afterLoad(win: Window, task: () => void): void {
  if (win.document.readyState === 'complete') task();
  else win.addEventListener('load', task, { once: true });
}

/** Wires the loop and its pause/play button (WCAG 2.2.2: moving content can be paused). */
export function startHeroVideo(video: HTMLVideoElement, toggle: HTMLButtonElement | null): void {
  video.muted = true;
  video.defaultPlaybackRate = HERO_PLAYBACK_RATE;
  video.playbackRate = HERO_PLAYBACK_RATE;
  const label = toggle?.querySelector('[data-label]');
  const sync = () => {
    if (!toggle) return;
    toggle.hidden = false;
    toggle.toggleAttribute('data-paused', video.paused);
    if (label) label.textContent = video.paused ? 'Play background video' : 'Pause background video';
  };
  const play = () => {
    video.playbackRate = HERO_PLAYBACK_RATE;
    video.play().catch((error: unknown) => console.info('Hero video did not start.', error));
  };
  video.addEventListener('play', sync);
  video.addEventListener('pause', sync);
  // A new source resets the rate to the default rate; keep it at 0.75 whatever happens.
  video.addEventListener('loadedmetadata', () => {
    video.playbackRate = HERO_PLAYBACK_RATE;
  });
  toggle?.addEventListener('click', () => (video.paused ? play() : video.pause()));
  if (shouldAutoplay(readPreferences(window))) afterLoad(window, play);
  sync();
}
