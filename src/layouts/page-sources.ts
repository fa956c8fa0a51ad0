// The third-party origins a page's Content-Security-Policy allows: only those of the pieces that
// page uses, and only when the piece is configured (site.config); Turnstile's on every page with a
// human check, since the server chooses the check at run time and the build cannot know. BaseLayout adds them to the
// policy Astro makes from its hashes, so the prerendered pages' <meta>, the Node server's header
// and Netlify's per-page header all say the same. docs/decisions/0007-security-headers.md.
import { TURNSTILE_ORIGIN } from '../lib/security-headers.ts';
import { site } from '../site.config.ts';

/**
 * - humanCheck: a form with the human check (Turnstile's script and frame: the server picks the
 *   check at run time, so a build without the site key must still let a Turnstile server work);
 * - map: the locator's map (a vendor style and its tile hosts, when configured);
 * - video: a click-to-load video player (frames from the video host);
 * - recruiting: the careers page's recruiting assistant (a script, when configured);
 * - charge-card, fleet-fueling: an application form, our own (with the human check) or a form
 *   provider's (framed) when one is configured.
 */
export type ThirdParty = 'humanCheck' | 'map' | 'video' | 'recruiting' | 'charge-card' | 'fleet-fueling';

export interface PageSources {
  /** Whole directives, merged by Astro into the configured ones ('frame-src https://…'). */
  directives: string[];
  /** Origins for script-src (Astro makes that directive itself). */
  scripts: string[];
}

type Settings = Pick<
  typeof site,
  'mapStyleUrl' | 'mapHosts' | 'videoEmbedBase' | 'recruitingScriptUrl' | 'applicationEmbeds'
>;

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

export function pageSources(uses: readonly ThirdParty[], settings: Settings = site): PageSources {
  const sources = new Map<string, Set<string>>();
  const allow = (directive: string, ...origins: (string | undefined)[]) => {
    for (const origin of origins) {
      if (origin) sources.set(directive, (sources.get(directive) ?? new Set()).add(origin));
    }
  };
  const humanCheck = () => {
    for (const directive of ['script-src', 'frame-src', 'connect-src']) allow(directive, TURNSTILE_ORIGIN);
  };
  for (const use of uses) {
    if (use === 'humanCheck') humanCheck();
    else if (use === 'map') {
      const hosts = [originOf(settings.mapStyleUrl), ...settings.mapHosts.map(originOf)];
      allow('connect-src', ...hosts);
      allow('img-src', ...hosts);
    } else if (use === 'video') allow('frame-src', originOf(settings.videoEmbedBase));
    else if (use === 'recruiting') allow('script-src', originOf(settings.recruitingScriptUrl));
    else {
      const embed = settings.applicationEmbeds[use];
      if (embed) allow('frame-src', originOf(embed));
      else humanCheck();
    }
  }
  const scripts = [...(sources.get('script-src') ?? [])];
  sources.delete('script-src');
  const directives = [...sources].map(([directive, origins]) => `${directive} ${[...origins].join(' ')}`);
  return { directives, scripts };
}
