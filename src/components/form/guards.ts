// The browser's first line of the anti-abuse rules of product.md 5.1 and 5.2 (the server enforces the
// same rules again): a trap field people never fill, a minimum time on the form, and at most 3
// attempts an hour, counted in localStorage so a reload does not reset them (product.md 9).

import {
  ATTEMPT_WINDOW_MS,
  GUARD_MESSAGES,
  MAX_ATTEMPTS_PER_HOUR,
  MIN_DWELL_MS,
} from '../../lib/form-rules.ts';
import { storage } from '../../lib/local-storage.ts';

/** Attempt times (epoch ms) within the last hour; anything unreadable counts as none. */
export function recentAttempts(key: string, now: number, store = storage()): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(store?.getItem(key) ?? '[]');
  } catch {
    parsed = [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((time): time is number => typeof time === 'number' && now - time < ATTEMPT_WINDOW_MS);
}

/** Records one attempt and drops those older than the window, so the list never grows. */
export function recordAttempt(key: string, now: number, store = storage()): void {
  try {
    store?.setItem(key, JSON.stringify([...recentAttempts(key, now, store), now]));
  } catch {
    // Not counted in the browser; the server still counts.
  }
}

export interface GuardInput {
  trap: string;
  loadedAt: number;
  now: number;
  attempts: number;
}

/** The submit-level checks that come before the field checks, in product.md order; null when all pass. */
export function guardMessage({ trap, loadedAt, now, attempts }: GuardInput): string | null {
  if (trap.trim() !== '') return GUARD_MESSAGES.trap;
  if (now - loadedAt < MIN_DWELL_MS) return GUARD_MESSAGES.tooFast;
  if (attempts >= MAX_ATTEMPTS_PER_HOUR) return GUARD_MESSAGES.tooMany;
  return null;
}
