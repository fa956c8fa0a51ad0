import { describe, expect, it } from 'vitest';
import { progressText, timeLeft, worthAnnouncing } from './upload-progress.ts';

describe('upload progress', () => {
  it('says sent of total, percent and time left from the rate so far', () => {
    const MB = 1024 * 1024;
    expect(progressText(1.2 * MB, 10 * MB, 30_000).text).toBe(
      'Sent 1.2 MB of 10.0 MB (12%), about 4 minutes left',
    );
    expect(progressText(0, 10 * MB, 0).text).toBe('Sent 0.0 MB of 10.0 MB (0%)');
    expect(timeLeft(12)).toBe('about 15 seconds');
    expect(timeLeft(60)).toBe('about 1 minute');
  });

  it('is announced every quarter and at the end, not on every event', () => {
    expect(worthAnnouncing(null, 3)).toBe(true);
    expect(worthAnnouncing(3, 20)).toBe(false);
    expect(worthAnnouncing(20, 26)).toBe(true);
    expect(worthAnnouncing(99, 100)).toBe(true);
  });
});
