import { describe, expect, it } from 'vitest';
import { readPreferences, shouldAutoplay } from './hero-video';

describe('shouldAutoplay', () => {
  it('plays only without reduced motion and without Save-Data', () => {
    expect(shouldAutoplay({ reducedMotion: false, saveData: false })).toBe(true);
    expect(shouldAutoplay({ reducedMotion: true, saveData: false })).toBe(false);
    expect(shouldAutoplay({ reducedMotion: false, saveData: true })).toBe(false);
  });
});

describe('readPreferences', () => {
  const fakeWindow = (reduce: boolean, connection?: { saveData?: boolean }) =>
    ({
      matchMedia: (query: string) => ({ matches: reduce && query.includes('reduce') }),
      navigator: { connection },
    }) as unknown as Window;

  it('reads prefers-reduced-motion and Save-Data', () => {
    expect(readPreferences(fakeWindow(true))).toEqual({ reducedMotion: true, saveData: false });
    expect(readPreferences(fakeWindow(false, { saveData: true }))).toEqual({
      reducedMotion: false,
      saveData: true,
    });
  });

  it('treats missing browser APIs as no preference', () => {
    expect(readPreferences({ navigator: {} } as unknown as Window)).toEqual({
      reducedMotion: false,
      saveData: false,
    });
  });
});
