import { describe, expect, it } from 'vitest';
import { SWEEP_EVERY_MS, sweepDue } from './sweep-schedule.ts';

describe('sweepDue', () => {
  it('is due once per minute for each database and task', () => {
    const db = {};
    expect(sweepDue(db, 'a', 1_000)).toBe(true);
    expect(sweepDue(db, 'a', 1_000 + SWEEP_EVERY_MS - 1)).toBe(false);
    expect(sweepDue(db, 'b', 1_000)).toBe(true);
    expect(sweepDue({}, 'a', 1_000)).toBe(true);
    expect(sweepDue(db, 'a', 1_000 + SWEEP_EVERY_MS)).toBe(true);
  });

  it('is due again when the clock went back (a corrected system time)', () => {
    const db = {};
    expect(sweepDue(db, 'a', 10 * SWEEP_EVERY_MS)).toBe(true);
    expect(sweepDue(db, 'a', SWEEP_EVERY_MS)).toBe(true);
  });
});
