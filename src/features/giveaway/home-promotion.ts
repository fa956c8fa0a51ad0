// Puts the active promotion on the page: the hero title and the giveaway banner image. The image
// URL is cached in localStorage (product.md 4) so a returning visitor sees it before the API answers.
import { GIVEAWAY_IMAGE_KEY, heroTitle, type Promotion, safeImageUrl } from './promotion.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface GiveawayTargets {
  title: { textContent: string | null } | null;
  images: ArrayLike<{ src: string }>;
  storage: KeyValueStore | undefined;
}

const setImages = (images: GiveawayTargets['images'], url: string) => {
  for (const image of Array.from(images)) if (image.src !== url) image.src = url;
};

/** Shows the cached giveaway image, if one was stored by an earlier visit. */
export function applyCachedImage({ images, storage }: GiveawayTargets): void {
  let cached: string | undefined;
  try {
    cached = safeImageUrl(storage?.getItem(GIVEAWAY_IMAGE_KEY));
  } catch {
    return; // storage blocked (privacy mode): keep the local artwork
  }
  if (cached) setImages(images, cached);
}

/** Replaces the hero title and the banner image with the promotion's, and refreshes the cache. */
export function applyPromotion(promotion: Promotion | undefined, targets: GiveawayTargets): void {
  if (!promotion) return;
  if (targets.title) targets.title.textContent = heroTitle(promotion);
  if (!promotion.imageUrl) return;
  setImages(targets.images, promotion.imageUrl);
  try {
    targets.storage?.setItem(GIVEAWAY_IMAGE_KEY, promotion.imageUrl);
  } catch {
    // storage full or blocked: the image still shows for this visit
  }
}
