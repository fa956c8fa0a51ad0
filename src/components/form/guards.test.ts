import { describe, expect, it } from 'vitest';
import { FakeStorage } from '../../../tests/support/fake-browser.ts';
import { ATTEMPT_WINDOW_MS, GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { guardMessage, recentAttempts, recordAttempt } from './guards.ts';

const ok = { trap: '', loadedAt: 0, now: 5000, attempts: 0 };

describe('submit guards (product.md 5.1, 5.2)', () => {
  it('passes a person who waited and has attempts left', () => {
    expect(guardMessage(ok)).toBeNull();
  });

  it('checks trap, then dwell time, then attempts', () => {
    expect(guardMessage({ ...ok, trap: 'http://spam', now: 10, attempts: 9 })).toBe('Invalid submission');
    expect(guardMessage({ ...ok, now: 2999, attempts: 9 })).toBe(
      'Please review your information and try again',
    );
    expect(guardMessage({ ...ok, now: 3000 })).toBeNull();
    expect(guardMessage({ ...ok, attempts: 3 })).toBe('Too many attempts. Please try again later');
    expect(guardMessage({ ...ok, attempts: 2 })).toBeNull();
    expect(GUARD_MESSAGES.humanCheck).toBe('Please complete the security check');
  });

  it('counts attempts of the last hour only and keeps the stored list short', () => {
    const store = new FakeStorage();
    const now = 10 * ATTEMPT_WINDOW_MS;
    recordAttempt('register_attempts', now - ATTEMPT_WINDOW_MS, store);
    recordAttempt('register_attempts', now - ATTEMPT_WINDOW_MS + 1, store);
    recordAttempt('register_attempts', now, store);
    expect(recentAttempts('register_attempts', now, store)).toEqual([now - ATTEMPT_WINDOW_MS + 1, now]);
    expect(JSON.parse(store.getItem('register_attempts') ?? '')).toHaveLength(2);
  });

  it('treats a damaged or missing list as no attempts', () => {
    const store = new FakeStorage();
    expect(recentAttempts('register_attempts', 1, store)).toEqual([]);
    store.setItem('register_attempts', '{nope');
    expect(recentAttempts('register_attempts', 1, store)).toEqual([]);
    store.setItem('register_attempts', '{"a":1}');
    expect(recentAttempts('register_attempts', 1, store)).toEqual([]);
  });
});
