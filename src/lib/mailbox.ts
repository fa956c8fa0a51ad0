// One person per mailbox: the one place that says when two written email addresses reach the same
// mailbox, so that everything counting a person (the giveaway's once-a-day key, the public forms'
// per-person limits, the contact acknowledgements, the login and reset limits, one account per
// mailbox) counts a mailbox once. Shared by the browser (the giveaway form refuses an address with
// no mailbox name) and the server; no dependencies. The table, its sources and what it cannot join:
// docs/threat-model.md, "One person per mailbox".
//
// Every address: surrounding spaces are dropped, the whole address is lower-cased (no provider we
// serve treats capitals as different mailboxes), the domain is written in ASCII (an international
// domain as its xn-- form, full-width or otherwise look-alike letters mapped as browsers map them),
// and a "+tag" is cut off the local part: "ann+win@x.com" is "ann@x.com". Sub-addressing with "+" is
// the common convention (Gmail, Outlook, iCloud, Fastmail, Proton and most hosted domains deliver
// "name+anything" to "name"), and the giveaway has always counted it so.
//
// Why so few merges: a key that joins two mailboxes of two different people refuses the second
// person's entry (and, since one account is kept per mailbox, their account), which is worse than
// letting one person in twice (that is what the draw's duplicate check, by phone and address, is
// for). So a row below joins only what its provider documents as one mailbox.

interface Provider {
  /** The provider's domains; with `oneMailbox` the first is how the key writes all of them. */
  domains: readonly string[];
  /** A name is the same mailbox under every one of these domains (one namespace). */
  oneMailbox: boolean;
  /** Characters the provider ignores in a mailbox name (besides the "+tag"). */
  ignored?: RegExp;
  /** "anything@name.<domain>" is delivered to "name@<domain>" (subdomain addressing). */
  subdomainAddressing?: boolean;
}

/**
 * The provider table. A row per rule, each with a test row in mailbox.test.ts:
 * - Gmail: dots are not part of a name; googlemail.com is the same service under its older name.
 * - Proton: ".", "_" and "-" are "transparent" in a name (username = user_name = user.name), and an
 *   account's name is the same under proton.me, protonmail.com, protonmail.ch and pm.me.
 * - iCloud: icloud.com, me.com and mac.com are one namespace (older me.com/mac.com accounts also
 *   own the icloud.com name; a newer icloud.com name has no me.com twin anyone else could own).
 * - Outlook: "+" cut; hotmail.com, outlook.com, live.com and msn.com are separate namespaces, dots
 *   are part of a name.
 * - Yahoo: no "+" (a Yahoo name cannot hold one, so cutting joins nothing); its disposable
 *   "base-keyword" addresses are kept as written (the base is a second name, not the mailbox's).
 * - Fastmail: subdomain addressing on its own domains ("x@ann.fastmail.com" is "ann@fastmail.com");
 *   each domain is its own namespace ("ann@fastmail.fm" may be someone else than "ann@fastmail.com").
 */
const PROVIDERS: readonly Provider[] = [
  { domains: ['gmail.com', 'googlemail.com'], oneMailbox: true, ignored: /\./g },
  { domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'], oneMailbox: true, ignored: /[._-]/g },
  { domains: ['icloud.com', 'me.com', 'mac.com'], oneMailbox: true },
  { domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'], oneMailbox: false },
  { domains: ['yahoo.com', 'ymail.com', 'rocketmail.com'], oneMailbox: false },
  {
    // Fastmail's own domains seen in its documentation; a Fastmail domain not listed here counts
    // its subdomain addresses apart (one person may then enter once per spelling).
    domains: [
      'fastmail.com',
      'fastmail.fm',
      'fastmail.us',
      'fastmail.to',
      'sent.com',
      'warpmail.net',
      'ftml.net',
      'emailplus.org',
      'reallyfast.info',
      '123mail.org',
      'airpost.net',
    ],
    oneMailbox: false,
    subdomainAddressing: true,
  },
];

const BY_DOMAIN = new Map(
  PROVIDERS.flatMap((provider) => provider.domains.map((d) => [d, provider] as const)),
);

/** The domain in lower-case ASCII (an international domain as xn--), or null when it is not a host name. */
function asciiDomain(domain: string): string | null {
  const lower = domain.toLowerCase().replace(/\.$/, '');
  if (/^[a-z0-9.-]+$/.test(lower)) return lower;
  try {
    // URL applies the IDNA mapping browsers use, in Node and in the browser alike.
    return new URL(`http://${lower}/`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * The mailbox an address reaches, written one way ('J.Doe+win@GoogleMail.com' is 'jdoe@gmail.com'),
 * or null when it names no mailbox: no '@', an empty name before it (after the rules above), or a
 * domain that is not a host name.
 */
export function mailboxKey(email: string): string | null {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  let domain = asciiDomain(address.slice(at + 1));
  if (!domain) return null;
  let name = address.slice(0, at).toLowerCase();
  // Subdomain addressing: the label left of the provider's domain is the mailbox, the local part a tag.
  const dot = domain.indexOf('.');
  if (dot > 0 && name && BY_DOMAIN.get(domain.slice(dot + 1))?.subdomainAddressing) {
    name = domain.slice(0, dot);
    domain = domain.slice(dot + 1);
  }
  const provider = BY_DOMAIN.get(domain);
  if (provider?.oneMailbox) domain = provider.domains[0] as string;
  name = name.split('+')[0] as string;
  if (provider?.ignored) name = name.replace(provider.ignored, '');
  return name ? `${name}@${domain}` : null;
}

/** True when the address names a mailbox (see mailboxKey). */
export const namesMailbox = (email: string): boolean => mailboxKey(email) !== null;

/**
 * The mailbox a person is known by, the one name the code gives this idea (the columns holding it:
 * giveaway_entries.person_key and account_key, winners.person_key, users.mailbox): the mailbox, or,
 * for text that names none (a form that let it through), the text trimmed and lower-cased, so that
 * it still counts as someone.
 */
export const mailboxOf = (email: string): string => mailboxKey(email) ?? email.trim().toLowerCase();
