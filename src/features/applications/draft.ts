// The typed-in values of a long application survive a reload or a dropped connection: they are
// kept in localStorage as the visitor types, and removed after a successful submission. Never
// kept: Social Security numbers, dates of birth, the bank account number and signatures (the
// kind's `secrets`), nor files.
import { storage } from '../../lib/local-storage.ts';

export type Values = Record<string, unknown>;

const key = (kind: string) => `application-draft:${kind}`;
/** A draft older than this is dropped: a shared computer should not keep it for ever. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keepable = (value: unknown): boolean =>
  typeof value === 'string'
    ? !value.startsWith('data:')
    : Array.isArray(value) && value.every((item) => typeof item === 'string');

/** What may be kept of the values: no secret field, no image, nothing but strings and lists. */
export function draftOf(values: Values, secrets: readonly string[]): Values {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !secrets.includes(name) && keepable(value)),
  );
}

export function writeDraft(kind: string, values: Values, secrets: readonly string[], now = Date.now()): void {
  try {
    storage()?.setItem(key(kind), JSON.stringify({ saved_at: now, values: draftOf(values, secrets) }));
  } catch {
    // Storage full or refused: the form still works, only without the safety net.
  }
}

export function readDraft(kind: string, secrets: readonly string[], now = Date.now()): Values | null {
  try {
    const raw = storage()?.getItem(key(kind));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { saved_at?: unknown; values?: unknown };
    if (typeof parsed.saved_at !== 'number' || now - parsed.saved_at > DRAFT_MAX_AGE_MS) {
      clearDraft(kind);
      return null;
    }
    return parsed.values && typeof parsed.values === 'object'
      ? draftOf(parsed.values as Values, secrets)
      : null;
  } catch {
    return null;
  }
}

export function clearDraft(kind: string): void {
  try {
    storage()?.removeItem(key(kind));
  } catch {
    // Nothing to clear.
  }
}
