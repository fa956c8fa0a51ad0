// What the site's chrome does in the browser, on every page: the rotating banner and its sign-out
// link (TopBanner.astro), the header's menus and fade (Header.astro), and the real-user speed
// sample (src/features/vitals). One script for all of them (BaseLayout.astro): every page carries
// them together, and one file is one request and smaller once compressed than three
// (bench/page-weight.ts). What only some visits need (the fade, sign-out, web-vitals) stays in
// chunks of its own, fetched on need; that also keeps this script an external, cached file rather
// than bytes inlined in every page (the 14 KB first-load budget).
import { sampleRealUserSpeed } from '../../features/vitals/sample.ts';
import { initNav } from './nav.ts';
import { startRotator } from './rotator.ts';

export function startChrome(): void {
  const rotator = document.querySelector<HTMLElement>('[data-rotator]');
  if (rotator) startRotator(rotator);
  // Sign-out code loads on the click: most visitors never need it.
  document.querySelector('.topbar [data-sign-out]')?.addEventListener('click', () => {
    void import('../../features/session/session.ts').then(({ signOut }) => signOut());
  });

  const nav = document.querySelector<HTMLElement>('[data-nav]');
  if (nav) initNav(nav);
  // Only fade pages load the fade code.
  const fading = document.querySelector<HTMLElement>('.site-header[data-fade]');
  if (fading) void import('./fade.ts').then(({ watchHeaderFade }) => watchHeaderFade(fading));

  sampleRealUserSpeed();
}
