// The home-page videos (SPEC 2.5), as editors set them in content/home-videos.yaml (collection
// `homeVideos`): the player address is site.videoEmbedBase + id, and nothing is requested from the
// video host before a click.
import { brandText, site } from '../../site.config';

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

/** The videos of the content file, with {brand} replaced. */
export const homeVideosFrom = (videos: readonly HomeVideo[]): HomeVideo[] =>
  videos.map((video) => ({ ...video, label: brandText(video.label), summary: brandText(video.summary) }));

export const embedUrl = (videoId: string): string => `${site.videoEmbedBase}${encodeURIComponent(videoId)}`;
