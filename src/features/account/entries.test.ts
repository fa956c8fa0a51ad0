import { describe, expect, it } from 'vitest';
import { formatEntryDate, sortEntries } from './entries.ts';

describe('past entries', () => {
  it('shows dates in the chain’s time zone', () => {
    // 02:30 UTC on June 4 is still June 3 in Pennsylvania.
    expect(formatEntryDate('2026-06-04T02:30:00Z')).toBe('Jun 3, 2026');
    expect(formatEntryDate('not a date')).toBe('not a date');
  });

  it('lists the newest entry first', () => {
    const entries = [
      { id: 'a', promotion: 'Spring', entered_at: '2026-03-01T12:00:00Z' },
      { id: 'b', promotion: 'Summer', entered_at: '2026-07-01T12:00:00Z' },
    ];
    expect(sortEntries(entries).map((entry) => entry.id)).toEqual(['b', 'a']);
  });
});
