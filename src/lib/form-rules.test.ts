// One copy of the product.md 9 form limits: the browser guards and the server checks read the same values.
import { describe, expect, it } from 'vitest';
import { guardMessage } from '../components/form/guards.ts';
import { LIMITS } from '../server/rate-limit.ts';
import { ATTEMPT_WINDOW_MS, MAX_ATTEMPTS_PER_HOUR, MIN_DWELL_MS } from './form-rules.ts';

describe('form rules (product.md 5.1, 9)', () => {
  it('3 seconds of dwell time, 3 attempts per hour', () => {
    expect([MIN_DWELL_MS, MAX_ATTEMPTS_PER_HOUR, ATTEMPT_WINDOW_MS]).toEqual([3000, 3, 3_600_000]);
  });

  it('the server limit and the browser guard use them', () => {
    expect(LIMITS.publicForm).toEqual({ limit: MAX_ATTEMPTS_PER_HOUR, windowMs: ATTEMPT_WINDOW_MS });
    const ok = { trap: '', loadedAt: 0, now: MIN_DWELL_MS, attempts: MAX_ATTEMPTS_PER_HOUR - 1 };
    expect(guardMessage(ok)).toBeNull();
    expect(guardMessage({ ...ok, now: MIN_DWELL_MS - 1 })).not.toBeNull();
    expect(guardMessage({ ...ok, attempts: MAX_ATTEMPTS_PER_HOUR })).not.toBeNull();
  });
});
