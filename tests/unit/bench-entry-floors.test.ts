// The entry bench's floors (bench/scaling-setups.mjs, judged in bench/targets.mjs): each setup is held
// to entries a second and a 99th percentile of its own, never measured against another setup.
import { describe, expect, it } from 'vitest';
import { ENTRY_FLOOR, percentile, SETUPS } from '../../bench/scaling-setups.mjs';
import { checkTargets } from '../../bench/targets.mjs';

const setup = (name: string, perSecond: number, p99Ms: number) => ({ setup: name, perSecond, p99Ms });
const entryRows = (setups: ReturnType<typeof setup>[] | undefined) =>
  checkTargets({ scaling: setups && { connections: ENTRY_FLOOR.connections, setups } }).filter((row) =>
    row.target.startsWith('Giveaway entries'),
  );

describe('the entry floors', () => {
  it('reads the nearest-rank percentile of the answer times', () => {
    const times = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 .. 1, in any order
    expect(percentile(times, 0.99)).toBe(99);
    expect(percentile(times, 0.5)).toBe(50);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBeUndefined();
  });

  it('holds each setup to the floor alone: a slower setup beside a faster one still meets it', () => {
    const { perSecond, p99Ms } = ENTRY_FLOOR;
    const rows = entryRows([
      setup(SETUPS.sqlite, 900, 30),
      setup(SETUPS.onePostgres, perSecond, p99Ms - 1),
      setup(SETUPS.twoPostgres, 400, 60),
    ]);
    expect(rows.map((row) => row.met)).toEqual([true, true, true]);
    expect(rows[1].figure).toBe(`${perSecond}/s, p99 ${p99Ms - 1} ms`);
  });

  it('misses a floor on too few entries a second or too slow a 99th percentile', () => {
    const { perSecond, p99Ms } = ENTRY_FLOOR;
    const rows = entryRows([
      setup(SETUPS.sqlite, perSecond - 1, 10),
      setup(SETUPS.onePostgres, 1000, p99Ms),
      setup(SETUPS.twoPostgres, 1000, 10),
    ]);
    expect(rows.map((row) => row.met)).toEqual([false, false, true]);
  });

  it('says not measured for a setup the bench did not run', () => {
    expect(entryRows([setup(SETUPS.sqlite, 900, 30)]).map((row) => row.met)).toEqual([true, null, null]);
    expect(entryRows(undefined).map((row) => row.met)).toEqual([null, null, null]);
  });
});
