// The browser's first line of the anti-abuse rules of SPEC 5.1 and 5.2 (the server enforces the
// same rules again): a trap field people never fill, a minimum time on the form, and at most 3
// attempts an hour, counted in localStorage so a reload does not reset them (SPEC 9).
import {
  ATTEMPT_WINDOW_MS,
  FORM_TICKET_LIFETIME_MS,
  GUARD_MESSAGES,
  MAX_ATTEMPTS_PER_HOUR,
  MIN_DWELL_MS,
} from '../../lib/form-rules';
import { storage } from '../session/store';

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

/** The submit-level checks that come before the field checks, in SPEC order; null when all pass. */
export function guardMessage({ trap, loadedAt, now, attempts }: GuardInput): string | null {
  if (trap.trim() !== '') return GUARD_MESSAGES.trap;
  if (now - loadedAt < MIN_DWELL_MS) return GUARD_MESSAGES.tooFast;
  if (attempts >= MAX_ATTEMPTS_PER_HOUR) return GUARD_MESSAGES.tooMany;
  return null;
}

const ticketKey = (form: string) => `form_ticket_${form}`;
/** A kept ticket is used while it has at least this long left (a form may stay open a while). */
const TICKET_MARGIN_MS = 60 * 60 * 1000;

/**
 * The public form's ticket (GET /form-ticket): the one this browser kept, while it is young enough,
 * else a new one, kept for next time. The ticket carries the browser id that the server's
 * per-browser limit counts, so keeping it makes that limit count this browser, not each page load.
 * Times are this browser's own (when it got the ticket), so a wrong clock does no harm.
 */
export async function formTicket(
  form: string,
  fetchTicket: () => Promise<string>,
  now = Date.now(),
  store = storage(),
): Promise<string> {
  try {
    const kept = JSON.parse(store?.getItem(ticketKey(form)) ?? 'null') as { ticket?: unknown; at?: unknown };
    const age = now - Number(kept?.at);
    if (typeof kept?.ticket === 'string' && age >= 0 && age < FORM_TICKET_LIFETIME_MS - TICKET_MARGIN_MS) {
      return kept.ticket;
    }
  } catch {
    // Unreadable: fetch a new one.
  }
  const ticket = await fetchTicket();
  try {
    store?.setItem(ticketKey(form), JSON.stringify({ ticket, at: now }));
  } catch {
    // Not kept: the next page load fetches another.
  }
  return ticket;
}

/** Forgets the kept ticket (the server refused it), so the next formTicket fetches a new one. */
export function dropFormTicket(form: string, store = storage()): void {
  try {
    store?.removeItem(ticketKey(form));
  } catch {
    // Nothing kept.
  }
}
