// The home page's video tabs (product.md 2.5) as editors set them in content/videos.yaml, in tab order,
// with the brand placed in their texts.
import { getCollection } from 'astro:content';
import { site } from '../../site.config.ts';
import { contentText } from '../content/content-text.ts';
import { embedUrl, type VideoKind, videoKind, youtubeWatchUrl } from '../content/video.ts';

export interface HomeVideo {
  title: string;
  summary: string;
  poster: string;
  kind: VideoKind;
  /** The file for 'file', the player address for 'embed'. */
  src?: string | undefined;
  /** For 'embed': the video's page on YouTube, linked where its player cannot load. */
  watch?: string | undefined;
}

export async function homeVideos(): Promise<HomeVideo[]> {
  const entries = await getCollection('videos');
  return entries
    .map(({ data }) => data)
    .sort((a, b) => a.order - b.order)
    .map((video) => {
      const kind = videoKind(video);
      const youtube = kind === 'embed' ? video.youtube : undefined;
      const player = youtube ? embedUrl(site.videoEmbedBase, youtube) : undefined;
      return {
        title: contentText(video.title),
        summary: contentText(video.summary),
        poster: video.poster,
        kind,
        src: kind === 'file' ? video.src : player,
        watch: youtube ? youtubeWatchUrl(youtube) : undefined,
      };
    });
}
