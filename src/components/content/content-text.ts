// The placeholders editors write instead of facts kept elsewhere (content/README.md, "Placeholders"):
// the brand from src/site.config.ts, and the giveaway's rule and states from its policy
// (src/features/giveaway/policy.ts), so the FAQ, /win, the terms and the news say what the form enforces
// and change with it.
import { ENTRY_LIMIT, GIVEAWAY_STATE_NAMES } from '../../features/giveaway/policy.ts';
import { site } from '../../site.config.ts';

/** Every placeholder and the text the build puts in its place. */
export const CONTENT_VARIABLES: Readonly<Record<string, string>> = {
  /** 'Kwik Fill' */
  brand: site.name,
  /** 'kwikfill', the short name in addresses */
  slug: site.slug,
  /** 'KwikFill Pay', the payment portal's name in menus and links */
  payPortal: site.payPortalName,
  /** 'once a day' */
  entryLimit: ENTRY_LIMIT.often,
  /** 'one entry per person per day' */
  entryLimitPerPerson: ENTRY_LIMIT.perPerson,
  /** 'tomorrow', when the next entry is allowed */
  nextEntry: ENTRY_LIMIT.next,
  /** 'New York, Ohio and Pennsylvania' */
  giveawayStates: GIVEAWAY_STATE_NAMES,
};

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The names in `{name}` placeholders of a text that are not content variables (the content checks). */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => !Object.hasOwn(CONTENT_VARIABLES, name));

/** Replaces every `{name}` of CONTENT_VARIABLES in editor-written text; other braces stay as written. */
export const contentText = (text: string): string =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(CONTENT_VARIABLES, name) ? (CONTENT_VARIABLES[name] ?? whole) : whole,
  );
