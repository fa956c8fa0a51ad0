// Form tickets: a server-signed time of issue, fetched when a public form loads and sent back with
// the submission, so the 3-second dwell rule (SPEC 5.1, 9) holds even for clients that skip the
// page. A ticket is bound to its form and may be reused until it expires (a visitor correcting a
// field must not wait again); the per-hour attempt limit stops floods.
import { MIN_DWELL_MS } from '../lib/form-rules';
import type { AppDeps } from './deps';
import { safeEqual, sign } from './tokens';

export const PUBLIC_FORMS = [
  'register',
  'giveaway',
  'contact',
  'charge-card',
  'fleet-fueling',
  'gift-card',
] as const;
export type PublicForm = (typeof PUBLIC_FORMS)[number];

/** A form left open longer than this must be reloaded. */
export const TICKET_LIFETIME_MS = 12 * 60 * 60 * 1000;

export function issueTicket(deps: AppDeps, form: PublicForm): string {
  const issuedAt = String(deps.now());
  return `${form}.${issuedAt}.${sign(deps.config.appSecret, 'form-ticket', `${form}.${issuedAt}`)}`;
}

/** True for a genuine ticket of this form, issued at least 3 seconds and at most 12 hours ago. */
export function checkTicket(deps: AppDeps, form: PublicForm, ticket: unknown): boolean {
  if (typeof ticket !== 'string' || ticket.length > 200) return false;
  const [ticketForm, issuedAt, signature, ...rest] = ticket.split('.');
  if (rest.length > 0 || ticketForm !== form || !issuedAt || !signature || !/^\d{1,16}$/.test(issuedAt)) {
    return false;
  }
  const expected = sign(deps.config.appSecret, 'form-ticket', `${form}.${issuedAt}`);
  if (!safeEqual(signature, expected)) return false;
  const age = deps.now() - Number(issuedAt);
  return age >= MIN_DWELL_MS && age <= TICKET_LIFETIME_MS;
}
