// The duplicate check before a draw: what counts as the same phone and the same postal address, and
// which entries are grouped (same day only; linked through any shared key).
import { describe, expect, it } from 'vitest';
import { type EntryFacts, laterDuplicates, normalPhone, suspectedDuplicates } from './duplicates.server.ts';

describe('normalPhone', () => {
  it.each([
    ['(814) 555-0123', '8145550123'],
    ['1-814-555-0123', '8145550123'],
    ['+1 814 555 0123', '8145550123'],
    ['8145550123', '8145550123'],
    ['18145550123', '8145550123'],
  ])('%j is %j', (phone, normal) => {
    expect(normalPhone(phone)).toBe(normal);
  });
});

const entry = (id: string, changes: Partial<EntryFacts> = {}): EntryFacts => ({
  id,
  entry_day: '2026-05-01',
  user_id: null,
  phone: `81455501${id.padStart(2, '0').slice(-2)}`,
  address_1: `${id} Elm Ave`,
  zip: '16365',
  last_name: `Name${id}`,
  created_at: 1000,
  ...changes,
});

describe('suspectedDuplicates', () => {
  // Once a day is the policy (policy.ts): were a second entry of a day allowed, the check would flag it.
  it('a second entry of one mailbox in a day is a suspected duplicate', () => {
    const groups = suspectedDuplicates([
      entry('1', { person_key: 'ann@example.com', created_at: 1 }),
      entry('2', { person_key: 'ann@example.com', created_at: 2 }),
      entry('3', { person_key: 'ann@example.com', entry_day: '2026-05-02' }),
    ]);
    expect(groups.map((group) => group.map((e) => e.id))).toEqual([['1', '2']]);
  });

  it('groups entries of one day with the same phone, or the same address, ZIP and last name', () => {
    const groups = suspectedDuplicates([
      entry('1', { phone: '814-555-0199', created_at: 2 }),
      entry('2', { phone: '1 (814) 555 0199', created_at: 1 }),
      entry('3', { address_1: '12 Oak Street', zip: '16365-1234', last_name: 'Jones' }),
      entry('4', { address_1: '12 oak st.', zip: '16365', last_name: 'JONES' }),
      entry('5'),
    ]);
    // Each group in the order its entries were made; groups by their first entry.
    expect(groups.map((group) => group.map((e) => e.id))).toEqual([
      ['2', '1'],
      ['3', '4'],
    ]);
    // The first entry made of each group is kept by --exclude-duplicates.
    expect(laterDuplicates(groups).sort()).toEqual(['1', '4']);
  });

  it('links through any shared key, and through one account', () => {
    const groups = suspectedDuplicates([
      entry('1', { phone: '8145550199' }),
      entry('2', { phone: '8145550199', address_1: '12 Oak St', last_name: 'Jones' }),
      entry('3', { address_1: '12 Oak Street', last_name: 'Jones', user_id: 'u1' }),
      entry('4', { user_id: 'u1' }),
    ]);
    expect(groups.map((group) => group.map((e) => e.id))).toEqual([['1', '2', '3', '4']]);
  });

  it.each([
    ['12 Main Street Rear', '12 main st'],
    ['P.O. Box 5', 'PO Box 5'],
    ['7 Oak Ave Floor 2', '7 Oak Ave Fl 2'],
    ['9 Еlm St', '9 Elm St'], // a Cyrillic Е
    ['Post Office Box 5', 'po box 5'],
  ])('groups %j with %j (same ZIP and last name)', (first, second) => {
    const groups = suspectedDuplicates([
      entry('1', { address_1: first, last_name: 'Jones' }),
      entry('2', { address_1: second, last_name: 'Jones' }),
    ]);
    expect(groups.map((group) => group.map((e) => e.id))).toEqual([['1', '2']]);
  });

  it("groups a last name written with a look-alike letter, and a guest entry under a member's own mailbox", () => {
    const groups = suspectedDuplicates([
      entry('1', { address_1: '12 Oak St', last_name: 'Ivanov' }),
      entry('2', { address_1: '12 Oak St', last_name: 'Ivаnov' }), // a Cyrillic а
      entry('3', { person_key: 'm@example.com' }),
      entry('4', { person_key: 'other@example.com', user_id: 'u9', account_key: 'm@example.com' }),
    ]);
    expect(groups.map((group) => group.map((e) => e.id))).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('does not group entries of other days, a household with other last names, or other ZIP codes', () => {
    expect(
      suspectedDuplicates([
        entry('1', { phone: '8145550199' }),
        entry('2', { phone: '8145550199', entry_day: '2026-05-02' }),
        entry('3', { address_1: '12 Oak St', last_name: 'Jones' }),
        entry('4', { address_1: '12 Oak St', last_name: 'Smith' }),
        entry('5', { address_1: '12 Oak St', last_name: 'Jones', zip: '14701' }),
      ]),
    ).toEqual([]);
  });
});
