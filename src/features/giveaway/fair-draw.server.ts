// The draw itself, pure and repeatable: the canonical entry list (sorted by entry id) and its
// digest, the seed and its hash, and a uniform choice of winners from a stream of random numbers
// made from the seed with HMAC-SHA256 in counter mode. Rejection sampling keeps every index
// equally likely (no modulo bias). Anyone holding the exported entry list and the published seed
// gets the same winners (`admin draw verify`).
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface DrawEntry {
  id: string;
  person_key: string;
  /** The member's account (draw method 2); a person's entries as a member and as a guest are one person. */
  user_id?: string | null;
  /** The member's own mailbox (draw method 3, migration 0020): a guest entry under it is the member's. */
  account_key?: string | null;
}

/**
 * How a draw counts people, recorded with it (draws.method) so that `draw verify` repeats old draws
 * as they were made. 1: one winner per person key, the digest over `id,person_key`. 2: one winner
 * per person key and per account, the digest over `id,person_key,user_id`. 3: as 2, and the
 * account's own mailbox is the account's person too, the digest over `id,person_key,user_id,account_key`.
 */
export type DrawMethod = 1 | 2 | 3;
export const DRAW_METHOD: DrawMethod = 3;

/** An entry's line in the digest of its method. */
const digestLine = (entry: DrawEntry, method: DrawMethod) => {
  if (method === 1) return `${entry.id},${entry.person_key}`;
  if (method === 2) return `${entry.id},${entry.person_key},${entry.user_id ?? ''}`;
  return `${entry.id},${entry.person_key},${entry.user_id ?? ''},${entry.account_key ?? ''}`;
};

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Entries in the one order everyone can rebuild: by id, compared as plain code units. */
export const canonicalEntries = <E extends DrawEntry>(entries: readonly E[]): E[] =>
  [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** SHA-256 of the canonical list, one line per entry as its method writes it (digestLine). */
export const entriesDigest = (canonical: readonly DrawEntry[], method: DrawMethod = DRAW_METHOD): string =>
  sha256Hex(canonical.map((entry) => digestLine(entry, method)).join('\n'));

/** A fresh secret seed: 32 random bytes as hex. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/** What is published before the draw: the seed's SHA-256, so the seed cannot be chosen afterwards. */
export const seedHash = (seed: string): string => sha256Hex(seed);

/** 32-bit numbers from HMAC-SHA256(seed, block counter), eight per block. */
export function randomStream(seed: string): () => number {
  const key = Buffer.from(seed, 'utf8');
  let counter = 0n;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      const message = Buffer.alloc(8);
      message.writeBigUInt64BE(counter++);
      block = createHmac('sha256', key).update(message).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

const RANGE = 2 ** 32;

/** A uniform index in [0, n): numbers at or above the largest multiple of n are drawn again. */
export function uniformIndex(next: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`cannot choose among ${n}`);
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const value = next();
    if (value < limit) return value % n;
  }
}

/**
 * One label per item such that items sharing any key, directly or through others, have the same
 * label (union-find): used for the people of a draw and for groups of suspected duplicates.
 */
export function linkedLabels<T>(items: readonly T[], keysOf: (item: T) => string[]): number[] {
  const parent = items.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] as number;
    parent[index] = at;
    return at;
  };
  const firstWith = new Map<string, number>();
  items.forEach((item, index) => {
    for (const key of keysOf(item)) {
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, index);
      else parent[root(index)] = root(first);
    }
  });
  return items.map((_, index) => root(index));
}

/**
 * One label per person for each entry: entries that share a person key, an account or the account's
 * own mailbox are one person,
 * and so is every entry linked to them through another ('ann@x' as a guest, the account that also
 * entered as 'ann@x', and that account's entry under 'ann.other@y').
 */
const peopleOf = (canonical: readonly DrawEntry[]): number[] =>
  linkedLabels(canonical, (entry) => [
    `person:${entry.person_key}`,
    ...(entry.user_id ? [`account:${entry.user_id}`] : []),
    ...(entry.account_key ? [`person:${entry.account_key}`] : []),
  ]);

/**
 * Positions (in the canonical list) of up to `count` winners, one per person (peopleOf): an entry
 * whose person has already been chosen is passed over and the draw goes on.
 */
export function drawWinners(seed: string, canonical: readonly DrawEntry[], count: number): number[] {
  const people = peopleOf(canonical);
  const wanted = Math.min(count, new Set(people).size);
  const next = randomStream(seed);
  const chosen: number[] = [];
  const chosenPeople = new Set<number>();
  while (chosen.length < wanted) {
    const index = uniformIndex(next, canonical.length);
    const person = people[index] as number;
    if (chosenPeople.has(person)) continue;
    chosenPeople.add(person);
    chosen.push(index);
  }
  return chosen;
}
