// The memory of refused limits (known-refusals.ts): exact to the database, only for the limits that
// ask for it, and cleared with their hits. The public forms' use of it: guard-finish.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { knownRefusal } from './known-refusals.ts';
import { type Check, forget, hitAll, record } from './rate-limit.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const limit = { limit: 2, windowMs: 60_000 };

/** Puts `key` at its limit: a hit now and one 10 s later; answers the first hit's time. */
async function atLimit(key: string): Promise<number> {
  const first = t.now();
  await record(t.deps, key);
  t.advance(10_000);
  await record(t.deps, key);
  return first;
}

describe('refused limits, remembered', () => {
  it('remembers a refused limit until its oldest hit leaves the window, not a moment longer', async () => {
    const check: Check = { key: 'remembered', limit, remember: true };
    const first = await atLimit(check.key);
    expect(knownRefusal(t.deps, [check], t.now())).toBeUndefined(); // nothing refused yet
    expect(await hitAll(t.deps, [check])).toEqual(check);
    await t.deps.settle();
    expect(knownRefusal(t.deps, [check], t.now())).toEqual(check);
    expect(knownRefusal(t.deps, [check], first + limit.windowMs - 1)).toEqual(check);
    expect(knownRefusal(t.deps, [check], first + limit.windowMs)).toBeUndefined();
    // And the database agrees at that moment: the first hit has left the window.
    t.advance(first + limit.windowMs - t.now());
    expect(await hitAll(t.deps, [check])).toBeUndefined();
  });

  it('remembers only the limits that ask for it', async () => {
    const check: Check = { key: 'not-remembered', limit };
    await atLimit(check.key);
    expect(await hitAll(t.deps, [check])).toEqual(check);
    await t.deps.settle();
    expect(knownRefusal(t.deps, [check], t.now())).toBeUndefined();
  });

  it('forgets a refusal whose hits were cleared (a sign-in clears its failures)', async () => {
    const check: Check = { key: 'cleared', limit, remember: true };
    await atLimit(check.key);
    expect(await hitAll(t.deps, [check])).toEqual(check);
    await t.deps.settle();
    await forget(t.deps, check.key);
    expect(knownRefusal(t.deps, [check], t.now())).toBeUndefined();
    expect(await hitAll(t.deps, [check])).toBeUndefined();
  });
});
