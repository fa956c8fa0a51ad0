// What a server knows of the public forms' limits (known-refusals.ts): refusals learned exactly to
// the database, and one attempt at a time per key. The public forms' use of it: guard-finish.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { knownRefusal, learnRefusals, MAX_WAIT_MS, oneAtATime } from './known-refusals.ts';
import { type Check, forget, hitAll, record } from './rate-limit.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const limit = { limit: 2, windowMs: 60_000 };

/** Records a hit of `key` at each of `offsets` (ms from now, in order); answers now, their start. */
async function hitsAt(key: string, offsets: number[]): Promise<number> {
  const start = t.now();
  for (const offset of offsets) {
    t.advance(start + offset - t.now());
    await record(t.deps, key);
  }
  return start;
}

describe('refused limits, learned', () => {
  it('remembers a refused limit until its oldest hit leaves the window, not a moment longer', async () => {
    const check: Check = { key: 'at-the-limit', limit };
    const first = await hitsAt(check.key, [0, 10_000]);
    await learnRefusals(t.deps, [check], t.now());
    expect(knownRefusal(t.deps, [check], t.now())).toEqual(check);
    expect(knownRefusal(t.deps, [check], first + limit.windowMs - 1)).toEqual(check);
    expect(knownRefusal(t.deps, [check], first + limit.windowMs)).toBeUndefined();
    // And the database agrees at that moment: the first hit has left the window.
    t.advance(first + limit.windowMs - t.now());
    expect(await hitAll(t.deps, [check])).toBeUndefined();
  });

  it('a count far over its limit (failures are recorded without one) is remembered until it is under it', async () => {
    const check: Check = { key: 'far-over', limit };
    const start = await hitsAt(check.key, [0, 1000, 2000, 3000, 4000]);
    await learnRefusals(t.deps, [check], t.now());
    // 5 hits, limit 2: under it when the fourth hit leaves the window (one is left).
    const under = start + 3000 + limit.windowMs;
    expect(knownRefusal(t.deps, [check], under - 1)).toEqual(check);
    expect(knownRefusal(t.deps, [check], under)).toBeUndefined();
    t.advance(under - 1 - t.now());
    expect(await hitAll(t.deps, [check])).toEqual(check);
    t.advance(1);
    expect(await hitAll(t.deps, [check])).toBeUndefined();
  });

  it('learns nothing of a limit that is not reached', async () => {
    const check: Check = { key: 'under', limit };
    await hitsAt(check.key, [0]);
    await learnRefusals(t.deps, [check], t.now());
    expect(knownRefusal(t.deps, [check], t.now())).toBeUndefined();
  });

  it('forgets a refusal whose hits were cleared', async () => {
    const check: Check = { key: 'cleared', limit };
    await hitsAt(check.key, [0, 1000]);
    await learnRefusals(t.deps, [check], t.now());
    await forget(t.deps, check.key);
    expect(knownRefusal(t.deps, [check], t.now())).toBeUndefined();
  });
});

describe('one attempt at a time per key', () => {
  it('an attempt sharing a key waits for the one holding it; others go on at once', async () => {
    const a: Check = { key: 'browser-a', limit };
    const b: Check = { key: 'browser-b', limit };
    const address: Check = { key: 'address', limit };
    const order: string[] = [];
    const releaseFirst = await oneAtATime(t.deps, [a, address]);
    const second = oneAtATime(t.deps, [b, address]).then((release) => {
      order.push('second');
      release();
    });
    const other = oneAtATime(t.deps, [b]).then((release) => {
      order.push('other');
      release();
    });
    await other;
    expect(order).toEqual(['other']);
    order.push('first done');
    releaseFirst();
    await second;
    expect(order).toEqual(['other', 'first done', 'second']);
  });

  it(`waits ${MAX_WAIT_MS} ms at most, then goes on without holding (visitors sharing an address never queue long)`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const address: Check = { key: 'shared-address', limit };
      const releaseFirst = await oneAtATime(t.deps, [address]); // never released in time
      let secondWent = false;
      const second = oneAtATime(t.deps, [address]).then((release) => {
        secondWent = true;
        return release;
      });
      await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
      expect(secondWent).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      (await second)();
      expect(secondWent).toBe(true);
      releaseFirst();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting once a key it waits for is known refused (the caller refuses it)', async () => {
    const address: Check = { key: 'refused-while-waiting', limit };
    const releaseFirst = await oneAtATime(t.deps, [address]);
    const second = oneAtATime(t.deps, [address]);
    await record(t.deps, address.key, address.key);
    await learnRefusals(t.deps, [address], t.now());
    releaseFirst();
    const releaseSecond = await second; // not called: had it taken the key, the third would wait
    let thirdWent = false;
    const third = oneAtATime(t.deps, [address]).then((release) => {
      thirdWent = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(thirdWent).toBe(true);
    (await third)();
    releaseSecond();
  });
});
