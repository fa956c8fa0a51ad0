// Suspected duplicates before a draw (docs/decisions/0015): entries of one day under different mailboxes
// that give the same phone, or the same postal address and last name. The mailbox rules
// (src/lib/mailbox.ts) cannot join two real mailboxes of one person; the phone and the address a
// prize would be sent to often can. A match is only a suspicion (a household shares an address and a
// landline), so `draw run` lists the groups and the operator decides: nothing is excluded unless the
// operator says so (`--exclude-duplicates` or `--exclude <ids>`), and what was excluded is recorded
// with the draw.
//
// What matches:
// - phone: its digits, without a leading 1 (country code) on an 11-digit number;
// - address: line 1 the USPS way (postal-address.server.ts: Publication 28's suffixes, directionals
//   and PO Box, look-alike letters folded) without its unit, with the ZIP code's first five digits
//   and the last name (letters only, look-alikes folded): the same address alone would group every
//   household;
// - mailbox: the one an entry names or a member's own (a guest entry under a member's address).
// Groups are per entry day (one person may enter every day), and an entry linked to another through
// any of these (or through one member account) is in the same group.
import { digitsOnly } from '../../lib/digits.ts';
import { linkedLabels } from './fair-draw.server.ts';
import { foldConfusables, normalAddress } from './postal-address.server.ts';

export interface EntryFacts {
  id: string;
  entry_day: string;
  user_id: string | null;
  /** The mailbox the entry names, and a member's own (migration 0020). */
  person_key?: string;
  account_key?: string | null;
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

const zip5 = (zip: string) => digitsOnly(zip).slice(0, 5);
/** A last name by its letters, look-alike letters folded ('Ivаnov' with a Cyrillic 'а' is 'IVANOV'). */
const letters = (name: string) => foldConfusables(name).replace(/[^A-Z]/g, '');

/** What links an entry to others: its phone, building and last name, account and mailboxes. */
export function linkKeysOf(entry: Omit<EntryFacts, 'entry_day' | 'created_at' | 'id'>): string[] {
  const keys: string[] = [];
  const phone = normalPhone(entry.phone);
  if (phone) keys.push(`phone:${phone}`);
  // The building without its unit: 'Rear', 'Apt 2' or 'Fl 2' against none is still one address.
  const address = normalAddress(entry.address_1, { unit: false });
  if (address) keys.push(`address:${address}|${zip5(entry.zip)}|${letters(entry.last_name)}`);
  if (entry.user_id) keys.push(`account:${entry.user_id}`);
  if (entry.person_key) keys.push(`mailbox:${entry.person_key}`);
  if (entry.account_key) keys.push(`mailbox:${entry.account_key}`);
  return keys;
}

/** Why entries are grouped: the keys one entry shares with others of its day. */
const keysOf = (entry: EntryFacts): string[] => linkKeysOf(entry).map((key) => `${entry.entry_day}|${key}`);

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
