// WAI-ARIA tabs with automatic activation: arrow keys move and select, Home/End jump. A YouTube
// panel shows a local thumbnail; its player iframe is inserted only after a click, so no request
// goes to the video host before the visitor asks for it, and with it a link to the video's page:
// a blocked or unreachable player cannot be detected from here (a cross-origin frame reports no
// failure), so the link is always there, and offline it is all the click shows. A self-hosted clip
// pauses when its tab is left.

/** The tab index a key leads to, or undefined for keys the tab list does not handle. */
export function nextTabIndex(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** Player iframe for a play link: its data-player is the embed address, its data-title names the video. */
export function playerFor(link: HTMLAnchorElement): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  const src = new URL(link.dataset.player ?? '', link.baseURI);
  src.searchParams.set('autoplay', '1');
  frame.src = src.href;
  frame.title = link.dataset.title ?? 'Video';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'video-frame';
  return frame;
}

function stopVideo(panel: HTMLElement): void {
  panel.querySelector('video')?.pause();
  panel.querySelector('.video-frame')?.remove();
  const link = panel.querySelector<HTMLAnchorElement>('[data-play]');
  if (link) link.hidden = false;
  const elsewhere = panel.querySelector<HTMLElement>('[data-elsewhere]');
  if (elsewhere) elsewhere.hidden = true;
}

/**
 * Plays a YouTube panel's video: the player in place of the thumbnail, and the link to the video's
 * page under it; offline only the link (a player that cannot load would be a dead box).
 */
export function playEmbed(link: HTMLAnchorElement, online: boolean): HTMLIFrameElement | undefined {
  const elsewhere = link.closest('[role="tabpanel"]')?.querySelector<HTMLElement>('[data-elsewhere]');
  if (elsewhere) elsewhere.hidden = false;
  if (!online) {
    elsewhere?.querySelector('a')?.focus();
    return undefined;
  }
  const frame = playerFor(link);
  link.hidden = true;
  link.after(frame);
  frame.focus();
  return frame;
}

export function setupTabs(root: HTMLElement): void {
  const tabs = Array.from(root.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls') ?? ''));

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panels[i];
      if (!panel) return;
      panel.hidden = !selected;
      // Leaving a tab stops its video: the iframe goes, the thumbnail comes back.
      if (!selected) stopVideo(panel);
    });
    if (focus) tabs[index]?.focus();
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i, false));
    tab.addEventListener('keydown', (event) => {
      const next = nextTabIndex(event.key, i, tabs.length);
      if (next === undefined) return;
      event.preventDefault();
      select(next, true);
    });
  });

  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-play]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      playEmbed(link, navigator.onLine);
    });
  }
}
