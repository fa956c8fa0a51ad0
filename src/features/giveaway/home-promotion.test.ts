import { describe, expect, it } from 'vitest';
import { applyCachedImage, applyPromotion, type GiveawayTargets } from './home-promotion.ts';
import { DEFAULT_GIVEAWAY_TITLE, GIVEAWAY_IMAGE_KEY } from './promotion.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (k: string, v: string) => data.set(k, v),
    data,
  };
};

const targets = (
  storage = memoryStorage(),
): GiveawayTargets & { storage: ReturnType<typeof memoryStorage> } => ({
  title: { textContent: DEFAULT_GIVEAWAY_TITLE },
  images: [{ src: '/media/home/giveaway.svg' }],
  storage,
});

describe('applyPromotion', () => {
  it('sets the hero title and the banner image, and caches the image URL', () => {
    const t = targets();
    applyPromotion({ id: 'p1', heroText: 'Win Coffee!', imageUrl: '/media/prize.png' }, t);
    expect(t.title?.textContent).toBe('Win Coffee!');
    expect(t.images[0]?.src).toBe('/media/prize.png');
    expect(t.storage.data.get(GIVEAWAY_IMAGE_KEY)).toBe('/media/prize.png');
  });

  it('keeps the defaults when there is no promotion', () => {
    const t = targets();
    applyPromotion(undefined, t);
    expect(t.title?.textContent).toBe(DEFAULT_GIVEAWAY_TITLE);
    expect(t.images[0]?.src).toBe('/media/home/giveaway.svg');
  });

  it('keeps the artwork when the promotion has no image', () => {
    const t = targets();
    applyPromotion({ id: 'p1', title: 'Fall Giveaway' }, t);
    expect(t.title?.textContent).toBe('Fall Giveaway');
    expect(t.images[0]?.src).toBe('/media/home/giveaway.svg');
    expect(t.storage.data.has(GIVEAWAY_IMAGE_KEY)).toBe(false);
  });
});

describe('applyCachedImage', () => {
  it('shows a cached image and ignores an unsafe one', () => {
    const t = targets(memoryStorage({ [GIVEAWAY_IMAGE_KEY]: '/media/cached.png' }));
    applyCachedImage(t);
    expect(t.images[0]?.src).toBe('/media/cached.png');
    const unsafe = targets(memoryStorage({ [GIVEAWAY_IMAGE_KEY]: 'javascript:alert(1)' }));
    applyCachedImage(unsafe);
    expect(unsafe.images[0]?.src).toBe('/media/home/giveaway.svg');
  });

  it('survives blocked storage', () => {
    const t = targets();
    t.storage.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(() => applyCachedImage(t)).not.toThrow();
  });
});
