// The click-to-load video player: nothing from the video host is requested until the visitor asks
// for the video, which keeps pages light and keeps the host's cookies and trackers off by default.

/** The player address for a video id on the configured embed host (site.videoEmbedBase). */
export const embedUrl = (base: string, id: string): string =>
  `${base.endsWith('/') ? base : `${base}/`}${encodeURIComponent(id)}?autoplay=1&rel=0`;

/** Swaps a play button for the player. The player shows the host's own error page when offline. */
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
