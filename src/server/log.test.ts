import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './log.ts';

/** A logger at info whose lines are kept as parsed JSON. */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ write: (line: string) => lines.push(JSON.parse(line)) }, { level: 'info' });
  return { logger, lines };
}

describe('the log line', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("carries the moment it was written as an ISO time, the clock's own in every millisecond", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { logger, lines } = captured();
    vi.setSystemTime(new Date('2026-11-28T02:50:00.000Z'));
    logger.info('first');
    logger.info('same millisecond');
    vi.setSystemTime(new Date('2026-11-28T02:50:00.001Z'));
    logger.info('next millisecond');
    vi.setSystemTime(new Date('2026-11-28T03:00:00.000Z'));
    logger.info('ten minutes on');
    expect(lines.map((line) => line.time)).toEqual([
      '2026-11-28T02:50:00.000Z',
      '2026-11-28T02:50:00.000Z',
      '2026-11-28T02:50:00.001Z',
      '2026-11-28T03:00:00.000Z',
    ]);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'first' });
  });
});
