// The home page's only script (no framework): hero loop, active promotion, video tabs.
import {
  applyCachedImage,
  applyPromotion,
  type GiveawayTargets,
} from '../../features/giveaway/home-promotion.ts';
import { fetchActivePromotion } from '../../features/giveaway/promotion.ts';
import { startHeroVideo } from './hero-video.ts';
import { setupTabs } from './tabs.ts';

const video = document.querySelector<HTMLVideoElement>('[data-hero-video]');
if (video) startHeroVideo(video, document.querySelector<HTMLButtonElement>('[data-hero-toggle]'));

const tabs = document.querySelector<HTMLElement>('[data-video-tabs]');
if (tabs) setupTabs(tabs);

let storage: Storage | undefined;
try {
  storage = window.localStorage;
} catch {
  storage = undefined; // blocked in some privacy modes
}
const targets: GiveawayTargets = {
  title: document.querySelector('[data-hero-title]'),
  images: document.querySelectorAll<HTMLImageElement>('[data-giveaway-image]'),
  storage,
};
applyCachedImage(targets);

// The promotion is not needed for first paint: ask for it once the page has loaded.
const loadPromotion = async () => applyPromotion(await fetchActivePromotion(), targets);
if (document.readyState === 'complete') void loadPromotion();
else window.addEventListener('load', () => void loadPromotion(), { once: true });
