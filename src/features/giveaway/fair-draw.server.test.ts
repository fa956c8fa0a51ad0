// The draw's arithmetic: repeatable from the seed, uniform without modulo bias, one win per person.
import { describe, expect, test } from 'vitest';
import {
  canonicalEntries,
  drawWinners,
  entriesDigest,
  newSeed,
  randomStream,
  seedHash,
  uniformIndex,
} from './fair-draw.server.ts';

const entries = Array.from({ length: 30 }, (_, i) => ({
  id: `e${String(i).padStart(2, '0')}`,
  person_key: `p${i % 20}`,
}));

describe('fair draw', () => {
  test('the canonical list and its digest do not depend on the order entries come in', () => {
    const shuffled = [...entries].reverse();
    expect(canonicalEntries(shuffled)).toEqual(entries);
    expect(entriesDigest(canonicalEntries(shuffled))).toBe(entriesDigest(entries));
    expect(entriesDigest(entries.slice(1))).not.toBe(entriesDigest(entries));
  });

  test('the seed hash is SHA-256 of the seed; seeds are 32 random bytes', () => {
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(newSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(newSeed());
  });

  test('the same seed gives the same winners; another seed others', () => {
    const seed = 'f'.repeat(64);
    expect(drawWinners(seed, entries, 5)).toEqual(drawWinners(seed, entries, 5));
    expect(drawWinners(seed, entries, 5)).not.toEqual(drawWinners('0'.repeat(64), entries, 5));
  });

  test('one win per person, and never more winners than people', () => {
    const picked = drawWinners(newSeed(), entries, 50).map((index) => entries[index]?.person_key);
    expect(picked).toHaveLength(20);
    expect(new Set(picked).size).toBe(20);
    expect(drawWinners(newSeed(), [], 3)).toEqual([]);
  });

  test('draws made before accounts counted (method 1) come out as they did: same winners, same digest', () => {
    // Computed with the draw as it was before migration 0017, so `draw verify` still repeats old draws.
    expect(drawWinners('f'.repeat(64), entries, 25)).toEqual([
      16, 20, 7, 1, 4, 9, 19, 15, 10, 25, 2, 28, 11, 12, 14, 13, 23, 6, 17, 18,
    ]);
    expect(entriesDigest(entries, 1)).toBe(
      'a13b1c5a2e985d7ff1f598544ad5d527fa47d61fca9c05fb61853852ef28e262',
    );
  });

  test('one win per account too: a member who won under one email does not win under another', () => {
    const members = [
      { id: 'a', person_key: 'ann@example.com', user_id: 'u1' },
      { id: 'b', person_key: 'ann.other@example.com', user_id: 'u1' },
      { id: 'c', person_key: 'ann@example.com', user_id: null },
      { id: 'd', person_key: 'bob@example.com', user_id: null },
    ];
    for (let i = 0; i < 20; i++) {
      const picked = drawWinners(newSeed(), members, 4).map((index) => members[index]?.id);
      // a, b and c are one person (a shares b's account and c's mailbox): with d, two winners at most.
      expect(picked).toHaveLength(2);
      expect(picked).toContain('d');
    }
    // The account is part of what the digest pins.
    const moved = members.map((entry) => (entry.id === 'b' ? { ...entry, user_id: 'u2' } : entry));
    expect(entriesDigest(moved)).not.toBe(entriesDigest(members));
  });

  test('numbers at or above the largest multiple of n are drawn again (no modulo bias)', () => {
    // For n = 3 the limit is 2^32 - 1: 4294967295 is refused, 7 gives 7 % 3 = 1.
    const values = [4294967295, 4294967295, 7];
    expect(uniformIndex(() => values.shift() as number, 3)).toBe(1);
    expect(values).toEqual([]);
    expect(() => uniformIndex(() => 0, 0)).toThrow(RangeError);
  });

  test('HMAC-SHA256 counter stream: fixed output for a fixed seed, and roughly uniform', () => {
    const next = randomStream('seed');
    const first = [next(), next()];
    const again = randomStream('seed');
    expect([again(), again()]).toEqual(first);
    const counts = new Array<number>(7).fill(0);
    const stream = randomStream('uniform');
    for (let i = 0; i < 70_000; i++) {
      const index = uniformIndex(stream, 7);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (const n of counts) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});
