// Suspected duplicates before a draw (issue 21 point 1): entries of one day under different mailboxes
// that give the same phone, or the same postal address and last name. The mailbox rules
// (src/lib/mailbox.ts) cannot join two real mailboxes of one person; the phone and the address a
// prize would be sent to often can. A match is only a suspicion (a household shares an address and a
// landline), so `draw run` lists the groups and the operator decides: nothing is excluded unless the
// operator says so (`--exclude-duplicates` or `--exclude <ids>`), and what was excluded is recorded
// with the draw.
//
// What matches:
// - phone: its digits, without a leading 1 (country code) on an 11-digit number;
// - address: line 1 lower-cased, punctuation dropped, common words abbreviated one way (Street/St,
//   Avenue/Ave, Road/Rd, Apartment/Apt/#/Unit/Suite...), with the ZIP code's first five digits and
//   the last name (lower-cased, letters only): the same address alone would group every household.
// Groups are per entry day (one person may enter every day), and an entry linked to another through
// any of these (or through one member account) is in the same group.
import { digitsOnly } from '../../lib/digits.ts';
import { linkedLabels } from './fair-draw.server.ts';

export interface EntryFacts {
  id: string;
  entry_day: string;
  user_id: string | null;
  phone: string;
  address_1: string;
  zip: string;
  last_name: string;
  created_at: number;
}

/** The phone's digits, without the country code 1 of an 11-digit number. */
export function normalPhone(phone: string): string {
  const digits = digitsOnly(phone);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

const WORDS: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  highway: 'hwy',
  parkway: 'pkwy',
  circle: 'cir',
  square: 'sq',
  route: 'rte',
  rt: 'rte',
  apartment: 'apt',
  unit: 'apt',
  suite: 'apt',
  ste: 'apt',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/** Line 1 of an address written one way: '814 Lexington Avenue, Apartment #2' is '814 lexington ave apt 2'. */
export function normalAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/#/g, ' apt ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word)
    .filter((word, index, words) => !(word === 'apt' && words[index + 1] === 'apt'))
    .join(' ');
}

const zip5 = (zip: string) => digitsOnly(zip).slice(0, 5);
const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** Why entries are grouped: the keys one entry shares with others of its day. */
function keysOf(entry: EntryFacts): string[] {
  const keys: string[] = [];
  const phone = normalPhone(entry.phone);
  if (phone) keys.push(`phone:${phone}`);
  const address = normalAddress(entry.address_1);
  if (address) keys.push(`address:${address}|${zip5(entry.zip)}|${letters(entry.last_name)}`);
  if (entry.user_id) keys.push(`account:${entry.user_id}`);
  return keys.map((key) => `${entry.entry_day}|${key}`);
}

/** The first entry made (the one a duplicate-excluding draw keeps), then the others. */
const byTime = (a: EntryFacts, b: EntryFacts) =>
  a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Groups of two or more entries of one day linked by phone, address + last name or account, each
 * in the order they were made; groups ordered by day and first entry.
 */
export function suspectedDuplicates<E extends EntryFacts>(entries: readonly E[]): E[][] {
  const labels = linkedLabels(entries, keysOf);
  const groups = new Map<number, E[]>();
  entries.forEach((entry, index) => {
    const label = labels[index] as number;
    const group = groups.get(label);
    if (group) group.push(entry);
    else groups.set(label, [entry]);
  });
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort(byTime))
    .sort((a, b) => {
      const [first, second] = [a[0] as E, b[0] as E];
      if (first.entry_day !== second.entry_day) return first.entry_day < second.entry_day ? -1 : 1;
      return byTime(first, second);
    });
}

/** What `--exclude-duplicates` leaves out: every entry of a group but the first one made. */
export const laterDuplicates = <E extends EntryFacts>(groups: readonly E[][]): string[] =>
  groups.flatMap((group) => group.slice(1).map((entry) => entry.id));
