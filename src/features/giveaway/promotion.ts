// The active giveaway promotion for the home page (product.md 2.5, 4, 7). The API may be missing or
// failing: every failure is logged with console.info and the caller keeps its defaults.
import { type Api, publicApi } from '../../lib/api-client.ts';

/**
 * The hero title shown until (or unless) the API names the active promotion. It names no prize: with
 * no promotion running, or before the API answers, the page must not promise one (product.md 2.5).
 */
export const DEFAULT_GIVEAWAY_TITLE = 'Enter for a Chance to Win';
/** localStorage key of the cached giveaway image URL (product.md 4). */
export const GIVEAWAY_IMAGE_KEY = 'giveaway_image_url';

export interface Promotion {
  id: string;
  title?: string;
  heroText?: string;
  imageUrl?: string;
  rulesUrl?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Only same-site paths and https addresses may become an image source (no javascript:, data:). */
export const safeImageUrl = (value: unknown): string | undefined => {
  const url = text(value);
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https:\/\/[^\s]+$/i.test(url) ? url : undefined;
};

/** Reads the first item of `{ items: [...] }`; undefined when the shape is not as expected. */
export const parsePromotion = (body: unknown): Promotion | undefined => {
  const items = (body as { items?: unknown } | null)?.items;
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  if (!first || typeof first !== 'object') return undefined;
  const item = first as Record<string, unknown>;
  return {
    id: String(item.id ?? ''),
    title: text(item.title),
    heroText: text(item.hero_text),
    imageUrl: safeImageUrl(item.image_url),
    rulesUrl: text(item.rules_url),
  };
};

/** The hero title for a promotion: its hero text, else its title, else the default. */
export const heroTitle = (promotion: Promotion | undefined): string =>
  promotion?.heroText ?? promotion?.title ?? DEFAULT_GIVEAWAY_TITLE;

/**
 * Fetches the first active promotion; logs and answers undefined on any failure. Through the
 * session-free client (src/lib/api-client.ts): the home page's script carries no session store.
 * The answer's shape is still checked: an image URL from the API must be safe to show.
 */
export async function fetchActivePromotion(client: Api = publicApi): Promise<Promotion | undefined> {
  try {
    const response = await client.promotion.$get({ query: { active_only: 'true' } });
    const promotion = parsePromotion(await response.json());
    if (!promotion) throw new Error('no active promotion in the answer');
    return promotion;
  } catch (error) {
    console.info('Active promotion not loaded; keeping the default giveaway.', error);
    return undefined;
  }
}
