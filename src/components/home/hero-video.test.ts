import { describe, expect, it } from 'vitest';
import { type MotionPreferences, readPreferences, SMALL_SCREEN_QUERY, shouldAutoplay } from './hero-video.ts';

const none: MotionPreferences = {
  reducedMotion: false,
  saveData: false,
  smallScreen: false,
  slowConnection: false,
};

describe('shouldAutoplay', () => {
  it('plays only on a larger screen without reduced motion, Save-Data or a slow connection', () => {
    expect(shouldAutoplay(none)).toBe(true);
    expect(shouldAutoplay({ ...none, reducedMotion: true })).toBe(false);
    expect(shouldAutoplay({ ...none, saveData: true })).toBe(false);
    expect(shouldAutoplay({ ...none, smallScreen: true })).toBe(false);
    expect(shouldAutoplay({ ...none, slowConnection: true })).toBe(false);
  });
});

describe('readPreferences', () => {
  const fakeWindow = (queries: string[], connection?: { saveData?: boolean; effectiveType?: string }) =>
    ({
      matchMedia: (query: string) => ({ matches: queries.includes(query) }),
      navigator: { connection },
    }) as unknown as Window;

  it('reads prefers-reduced-motion, Save-Data, the screen width and the connection type', () => {
    expect(readPreferences(fakeWindow(['(prefers-reduced-motion: reduce)']))).toEqual({
      ...none,
      reducedMotion: true,
    });
    expect(readPreferences(fakeWindow([], { saveData: true }))).toEqual({ ...none, saveData: true });
    expect(readPreferences(fakeWindow([SMALL_SCREEN_QUERY]))).toEqual({ ...none, smallScreen: true });
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      expect(readPreferences(fakeWindow([], { effectiveType })).slowConnection).toBe(true);
    }
    expect(readPreferences(fakeWindow([], { effectiveType: '4g' })).slowConnection).toBe(false);
  });

  it('treats missing browser APIs as no preference', () => {
    expect(readPreferences({ navigator: {} } as unknown as Window)).toEqual(none);
  });
});
