// One person per mailbox: the one place that says when two written email addresses reach the same
// mailbox, so that everything counting a person (the giveaway's once-a-day key, the public forms'
// per-person limits, the contact acknowledgements, the login and reset limits) counts a mailbox once.
// Shared by the browser (the giveaway form refuses an address with no mailbox name) and the server;
// no dependencies.
//
// Every address: surrounding spaces are dropped, the whole address is lower-cased (no provider we
// serve treats capitals as different mailboxes), the domain is written in ASCII (an international
// domain as its xn-- form, full-width or otherwise look-alike letters mapped as browsers map them),
// and a "+tag" is cut off the local part: "ann+win@x.com" is "ann@x.com". Sub-addressing with "+" is
// the common convention (Gmail, Outlook, iCloud, Fastmail, Proton and most hosted domains deliver
// "name+anything" to "name"), and the giveaway has always counted it so.
//
// Providers with more rules, and the choice for each:
//
// | domain(s)                                   | dots in the name | "+tag" | counted as   |
// | ------------------------------------------- | ---------------- | ------ | ------------ |
// | gmail.com, googlemail.com                   | ignored          | cut    | gmail.com    |
// | outlook.com, hotmail.com, live.com, msn.com | kept             | cut    | itself       |
// | icloud.com, me.com, mac.com                 | kept             | cut    | itself       |
// | fastmail.com, fastmail.fm                   | kept             | cut    | itself       |
// | proton.me, protonmail.com, pm.me            | kept             | cut    | itself       |
// | yahoo.com, ymail.com, rocketmail.com        | kept             | cut    | itself       |
// | any other domain                            | kept             | cut    | itself       |
//
// Why so few merges: a key that joins two mailboxes of two different people refuses the second
// person's entry, which is worse than letting one person in twice (that is what the draw's duplicate
// check, by phone and address, is for). So a rule is here only where the provider guarantees it:
// - Gmail delivers "j.o.h.n" to "john" (dots are not part of a Gmail name) and googlemail.com is the
//   same service under its older name; both are documented by Google.
// - Outlook, iCloud, Fastmail and Proton treat dots as part of the name ("jo.hn" and "john" can be
//   two accounts), so dots are kept. iCloud's me.com/mac.com/icloud.com are not merged: an account
//   owns the three only when it was made under the older name, which the address does not tell.
// - Yahoo has no "+" sub-addresses (a Yahoo name cannot contain "+", so cutting it joins nothing) and
//   its disposable addresses are "base-keyword@yahoo.com", where the base is a second name chosen by
//   the owner, not the mailbox's own name. The address does not show which account owns a base, and
//   a "-" may be part of an ordinary name elsewhere, so Yahoo addresses are kept as written: each
//   disposable address counts as one person. That is the known gap this table leaves.
// An address whose local part is empty once these rules have run ("+win@gmail.com", "...@gmail.com")
// names no mailbox and is refused (the giveaway's `emailNoMailbox`).

/** Domains that are another name of the same mail service. */
const SAME_SERVICE: Record<string, string> = { 'googlemail.com': 'gmail.com' };
/** Domains whose mailbox names ignore dots. */
const DOTS_IGNORED = new Set(['gmail.com']);

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
  const rawDomain = asciiDomain(address.slice(at + 1));
  if (!rawDomain) return null;
  const domain = SAME_SERVICE[rawDomain] ?? rawDomain;
  let name = address.slice(0, at).toLowerCase().split('+')[0] as string;
  if (DOTS_IGNORED.has(domain)) name = name.replaceAll('.', '');
  return name ? `${name}@${domain}` : null;
}

/** True when the address names a mailbox (see mailboxKey). */
export const namesMailbox = (email: string): boolean => mailboxKey(email) !== null;

/**
 * The key of a person for counting: the mailbox, or, for text that names none (a form that let it
 * through), the text itself trimmed and lower-cased, so that it still counts as someone.
 */
export const personOf = (email: string): string => mailboxKey(email) ?? email.trim().toLowerCase();
