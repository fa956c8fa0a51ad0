// The four home-page videos (SPEC 2.5), in tab order. Only the ids live here: the player address
// is site.videoEmbedBase + id, and nothing is requested from the video host before a click.
// The ids below are stand-ins: replace each with the id of the chain's published video.
import { site } from '../../site.config';

export interface HomeVideo {
  /** Tab label. */
  label: string;
  /** The video's id on the video host (the last part of its embed address). */
  videoId: string;
  /** Local stand-in shown until the visitor presses play. */
  thumbnail: string;
  /** One line under the player saying what the video is about. */
  summary: string;
}

export const homeVideos: readonly HomeVideo[] = [
  {
    label: 'Fueling Discovery',
    videoId: 'kfFuelingD1',
    thumbnail: '/media/home/video-fueling-discovery.svg',
    summary: `How ${site.name} customers help fuel discovery in the communities we serve.`,
  },
  {
    label: site.name,
    videoId: 'kfStoreTour',
    thumbnail: '/media/home/video-brand.svg',
    summary: `Fuel, food and convenience at ${site.name} stores across Pennsylvania, New York and Ohio.`,
  },
  {
    label: 'Gift Card',
    videoId: 'kfGiftCard1',
    thumbnail: '/media/home/video-gift-card.svg',
    summary: `A ${site.name} gift card is good for fuel, food and snacks in every store.`,
  },
  {
    label: 'Fleet Fueling',
    videoId: 'kfFleetFuel',
    thumbnail: '/media/home/video-fleet-fueling.svg',
    summary: 'Fleet fueling cards give businesses control over every fill-up and one monthly statement.',
  },
];

export const embedUrl = (videoId: string): string => `${site.videoEmbedBase}${encodeURIComponent(videoId)}`;
