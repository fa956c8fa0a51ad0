// The brand, the states with stores and every external address the site names live here, so that a
// rename, a new state or a new provider is one edit to the code; the content pages say them through
// placeholders ({brand}, {giveawayStates}: content/README.md). Values read from the environment are
// build-time settings (see docs/operations.md).

const env = (name: string): string | undefined => {
  const fromProcess = typeof process === 'undefined' ? undefined : process.env[name];
  const value = import.meta.env?.[name] ?? fromProcess;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const brandSlug = 'kwikfill';

export const site = {
  name: 'Kwik Fill',
  slug: brandSlug,
  parentCompany: { name: 'United Refining Company', url: 'https://www.urc.com' },
  /**
   * The states with stores, as [code, name], the home state first: the giveaway's eligible states
   * (src/features/giveaway/policy.ts), the states the locator's town search prefers and its map shades.
   */
  states: [
    ['PA', 'Pennsylvania'],
    ['NY', 'New York'],
    ['OH', 'Ohio'],
  ],
  phone: '1-800-443-3440',
  /** How visitors reach customer service until the contact form is online (help area). */
  customerService: {
    hours: 'Monday to Friday, 8:00 AM to 3:00 PM Eastern',
    mailingAddress: ['Customer Service', '15 Bradley Street', 'Warren, PA 16365'],
  },
  /**
   * The inbox of each contact-form department (product.md 9 numbering); a message goes to its department's
   * inbox with a reply-to of the sender. Confirm these with the chain before launch.
   */
  contactInboxes: {
    1: `cards@${brandSlug}.com`,
    2: `cardservices@${brandSlug}.com`,
    3: `customerservice@${brandSlug}.com`,
    4: `careers@${brandSlug}.com`,
    5: `merchandise@${brandSlug}.com`,
    6: `fleet@${brandSlug}.com`,
    7: `cafe@${brandSlug}.com`,
    8: `marketing@${brandSlug}.com`,
    9: `webmaster@${brandSlug}.com`,
  },
  /** The payment portal's name as menus and links show it ("KwikFill Pay"). */
  payPortalName: 'KwikFill Pay',
  routes: {
    payPortal: `/${brandSlug}pay`,
    history: `/history-of-${brandSlug}`,
  },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/kwikfill' },
    { name: 'Instagram', url: 'https://www.instagram.com/kwikfill' },
    { name: 'X', url: 'https://x.com/kwikfill' },
    { name: 'YouTube', url: 'https://www.youtube.com/@kwikfill' },
  ],
  app: {
    appStore: 'https://apps.apple.com/us/app/kwik-fill/id1440839016',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.kwikfill.app',
  },
  // Third-party pieces: each one is optional and the page says plainly when it is not configured.
  recruitingScriptUrl: env('PUBLIC_RECRUITING_SCRIPT_URL'),
  /**
   * The recruiting assistant's local stand-in asked for at build (`npm start`, the browser tests): only
   * then, or with a real script, does /careers carry the assistant's loader; the server still answers
   * whether the stand-in is on, and refuses it in production without ALLOW_STAND_INS.
   */
  recruitingStandIn: env('RECRUITING_ASSISTANT') === 'local',
  videoEmbedBase: env('PUBLIC_VIDEO_EMBED_BASE') ?? 'https://www.youtube-nocookie.com/embed/',
  /**
   * Cloudflare Turnstile's site key as the build saw it: pages with a human check allow Turnstile's
   * origin in their Content-Security-Policy only when it is set (src/layouts/page-sources.ts).
   */
  turnstileSiteKey: env('PUBLIC_TURNSTILE_SITE_KEY'),
  /** The locator's vendor map style, and the hosts it loads tiles, glyphs or sprites from. */
  mapStyleUrl: env('PUBLIC_MAP_STYLE_URL'),
  mapHosts: env('PUBLIC_MAP_HOSTS')?.split(/\s+/) ?? [],
  /** A form provider's hosted application, embedded instead of our own form when set. */
  applicationEmbeds: {
    'charge-card': env('PUBLIC_CHARGE_CARD_FORM_URL'),
    'fleet-fueling': env('PUBLIC_FLEET_FUELING_FORM_URL'),
  },
} as const;

/** 'A, B and C': names as a sentence lists them. */
export const listOfNames = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/** The codes of the states with stores ('PA', 'NY', 'OH'). */
export const STORE_STATE_CODES: readonly string[] = site.states.map(([code]) => code);

/** 'Pennsylvania, New York and Ohio': the states with stores as the site's own texts name them. */
export const STORE_STATE_NAMES = listOfNames(site.states.map(([, name]) => name));
