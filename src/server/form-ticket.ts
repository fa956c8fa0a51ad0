// Form tickets: a server-signed time of issue and browser id, fetched when a public form loads and
// sent back with the submission, so the 3-second dwell rule (product.md 5.1, 9) holds even for clients
// that skip the page. A ticket is bound to its form and may be reused until it expires (a visitor
// correcting a field must not wait again; the island keeps it across reloads).
// The browser id inside is what the per-browser attempt limit counts: the server picks it and
// signs it, so a client cannot choose one (or another browser's); a fresh id costs a fresh ticket
// and the 3-second wait, and it never escapes the per-person limit, which does not depend on it.
import { FORM_TICKET_LIFETIME_MS, MIN_DWELL_MS } from '../lib/form-rules.ts';
import type { AppDeps } from './deps.ts';
import { randomToken, safeEqual, sign } from './tokens.ts';

export const PUBLIC_FORMS = [
  'register',
  'giveaway',
  'contact',
  'charge-card',
  'fleet-fueling',
  'gift-card',
  'password-reset',
] as const;
export type FormName = (typeof PUBLIC_FORMS)[number];

const signTicket = (deps: AppDeps, payload: string) => sign(deps.config.appSecret, 'form-ticket', payload);

/** `{form}.{issued ms}.{browser id}.{signature}`. */
export function issueTicket(deps: AppDeps, form: FormName): string {
  const payload = `${form}.${deps.now()}.${randomToken(12)}`;
  return `${payload}.${signTicket(deps, payload)}`;
}

export interface Ticket {
  /** Random, chosen by the server when the ticket was issued. */
  browser: string;
}

/** The ticket's contents when it is a genuine ticket of this form, issued 3 s to 12 hours ago. */
export function checkTicket(deps: AppDeps, form: FormName, ticket: unknown): Ticket | undefined {
  if (typeof ticket !== 'string' || ticket.length > 200) return undefined;
  const [ticketForm, issuedAt, browser, signature, ...rest] = ticket.split('.');
  if (rest.length > 0 || ticketForm !== form || !issuedAt || !browser || !signature) return undefined;
  if (!/^\d{1,16}$/.test(issuedAt)) return undefined;
  if (!safeEqual(signature, signTicket(deps, `${form}.${issuedAt}.${browser}`))) return undefined;
  const age = deps.now() - Number(issuedAt);
  return age >= MIN_DWELL_MS && age <= FORM_TICKET_LIFETIME_MS ? { browser } : undefined;
}
