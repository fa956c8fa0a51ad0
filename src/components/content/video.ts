// Videos (product.md 2.5, 2.8) play or show a poster, never a broken embed: a self-hosted file plays in the
// browser's own player, a published YouTube video loads only when the visitor asks for it (which keeps
// pages light and the host's cookies and trackers off by default), and a video without a source shows
// its poster and title and no player.

/** A self-hosted video file: an MP4 under public/media/. */
export const VIDEO_FILE = /^\/media\/[\w/.-]+\.mp4$/;
/** A YouTube video id (the part after `v=` in its address). */
export const YOUTUBE_ID = /^[\w-]{11}$/;

/** What an editor gives for a video (content/videos.yaml, the <Video> component). */
export interface VideoSource {
  src?: string | undefined;
  youtube?: string | undefined;
}

/** How a video shows: the browser's player, the click-to-load embed, or only its poster and title. */
export type VideoKind = 'file' | 'embed' | 'poster';

export function videoKind({ src, youtube }: VideoSource): VideoKind {
  if (src && VIDEO_FILE.test(src)) return 'file';
  if (youtube && YOUTUBE_ID.test(youtube)) return 'embed';
  return 'poster';
}

/** Where a published YouTube video is watched: what the play link says when its player cannot load. */
export const youtubeWatchUrl = (id: string): string =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;

/** The player address for a video id on the configured embed host (site.videoEmbedBase). */
export const embedUrl = (base: string, id: string): string =>
  `${base.endsWith('/') ? base : `${base}/`}${encodeURIComponent(id)}?autoplay=1&rel=0`;

/** Swaps a play button for the player. */
export function loadPlayer(button: HTMLButtonElement): HTMLIFrameElement | undefined {
  const src = button.dataset.src;
  if (!src) return undefined;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = button.dataset.title ?? 'Video';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'video__frame';
  button.replaceWith(frame);
  // Keyboard and screen-reader users land on the player they just asked for.
  frame.focus();
  return frame;
}

export function initVideos(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-video-play]')) {
    button.addEventListener('click', () => loadPlayer(button), { once: true });
  }
}
