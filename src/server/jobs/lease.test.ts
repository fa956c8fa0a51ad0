import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewingWhile } from './lease.ts';

/** A promise and the functions that settle it (the platform's own). */
const deferred = <T = void>() => Promise.withResolvers<T>();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('renewingWhile', () => {
  it('renews every interval while the task runs, and not after it', async () => {
    const task = deferred<string>();
    const renew = vi.fn(async () => {});
    const running = renewingWhile(() => task.promise, 1_000, renew);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(renew).toHaveBeenCalledTimes(3);
    task.resolve('done');
    await expect(running).resolves.toBe('done');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it('resolves only once a renewal under way has ended, so the next write comes after it', async () => {
    const task = deferred();
    const renewal = deferred();
    const events: string[] = [];
    const running = renewingWhile(
      () => task.promise,
      1_000,
      async () => {
        events.push('renewal started');
        await renewal.promise;
        events.push('renewal ended');
      },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    task.resolve();
    const ended = running.then(() => events.push('task over'));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['renewal started']);
    renewal.resolve();
    await ended;
    expect(events).toEqual(['renewal started', 'renewal ended', 'task over']);
  });

  for (const firstToEnd of [0, 1]) {
    it(`waits for two overlapping renewals, whichever ends first (renewal ${firstToEnd + 1})`, async () => {
      const task = deferred();
      const renewals = [deferred(), deferred()];
      let started = 0;
      let ended = 0;
      const running = renewingWhile(
        () => task.promise,
        1_000,
        async () => {
          await renewals[started++]?.promise;
          ended++;
        },
      );
      await vi.advanceTimersByTimeAsync(2_000);
      expect(started).toBe(2);
      task.resolve();
      let over = false;
      void running.then(() => {
        over = true;
      });
      renewals[firstToEnd]?.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect([ended, over]).toEqual([1, false]);
      renewals[1 - firstToEnd]?.resolve();
      await running;
      expect(ended).toBe(2);
    });
  }

  it('runs the task on through failed renewals and gives the task its own failure', async () => {
    const task = deferred();
    const renew = vi.fn(async () => {
      throw new Error('database away');
    });
    const running = renewingWhile(() => task.promise, 1_000, renew);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(renew).toHaveBeenCalledTimes(2);
    task.reject(new Error('send failed'));
    await expect(running).rejects.toThrow('send failed');
  });
});
