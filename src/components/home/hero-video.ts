// The hero's background loop (SPEC 2.5: playback rate 0.75). It plays only when the visitor has
// not asked for less motion or less data; otherwise the poster stays. The video has no autoplay
// attribute and preload="none", so a visitor who gets the poster downloads no video at all.

export const HERO_PLAYBACK_RATE = 0.75;

export interface MotionPreferences {
  reducedMotion: boolean;
  saveData: boolean;
}

export const shouldAutoplay = ({ reducedMotion, saveData }: MotionPreferences): boolean =>
  !reducedMotion && !saveData;

/** What the browser says about motion and data saving; missing APIs count as "no preference". */
export const readPreferences = (win: Window): MotionPreferences => {
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return {
    reducedMotion: win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    saveData: connection?.saveData === true,
  };
};

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
  if (shouldAutoplay(readPreferences(window))) play();
  sync();
}
