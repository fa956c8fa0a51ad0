// The public forms' ticket in the browser (GET /form-ticket), one way for every public form (the
// islands through useFormTicket, the gift-card script through formTicketHolder). The ticket carries the browser id
// that the server's per-browser limit counts, so it is kept in localStorage and reused while young
// enough: the limit then counts this browser, not each page load. The server accepts a ticket only
// MIN_DWELL_MS after it issued it, so a form's own dwell clock starts when a new ticket arrives.

import { ApiError, publicApi, read } from '../../lib/api-client.ts';
import { FORM_TICKET_LIFETIME_MS, MIN_DWELL_MS } from '../../lib/form-rules.ts';
import { storage } from '../../lib/local-storage.ts';

export type FormName = NonNullable<Parameters<(typeof publicApi)['form-ticket']['$get']>[0]['query']['form']>;

const ticketKey = (form: string) => `form_ticket_${form}`;
/** A kept ticket is used while it has at least this long left (a form may stay open a while). */
const TICKET_MARGIN_MS = 60 * 60 * 1000;

export interface LoadedTicket {
  ticket: string;
  /** True when the server issued it just now (its minimum time on the form starts now). */
  fresh: boolean;
}

/**
 * The ticket this browser kept for `form`, while it is young enough, else a new one, kept for next
 * time. Times are this browser's own (when it got the ticket), so a wrong clock does no harm.
 */
export async function formTicket(
  form: string,
  fetchTicket: () => Promise<string>,
  now = Date.now(),
  store = storage(),
): Promise<LoadedTicket> {
  try {
    const kept = JSON.parse(store?.getItem(ticketKey(form)) ?? 'null') as { ticket?: unknown; at?: unknown };
    const age = now - Number(kept?.at);
    if (typeof kept?.ticket === 'string' && age >= 0 && age < FORM_TICKET_LIFETIME_MS - TICKET_MARGIN_MS) {
      return { ticket: kept.ticket, fresh: false };
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
  return { ticket, fresh: true };
}

/** Forgets the kept ticket (the server refused it), so the next formTicket fetches a new one. */
export function dropFormTicket(form: string, store = storage()): void {
  try {
    store?.removeItem(ticketKey(form));
  } catch {
    // Nothing kept.
  }
}

/** The kept or a new ticket for `form` from our API. */
export const loadFormTicket = (form: FormName): Promise<LoadedTicket> =>
  formTicket(form, () =>
    read(publicApi['form-ticket'].$get({ query: { form } })).then((answer) => answer.ticket),
  );

/** True when a failed submit was refused for its ticket (expired, or signed with an older key). */
export const ticketRefused = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'too_fast';

export interface FormTicket {
  /** The ticket to send ('' until one arrived). */
  value: string;
  /** Epoch ms from which the form's minimum time on the page counts. */
  readyAt: number;
  load(): Promise<void>;
  /** After a failed submit: a refused ticket is dropped and a new one loaded. */
  renewIfRefused(error: unknown): void;
  /**
   * Resolves once the ticket has come and the server will take it (MIN_DWELL_MS after it issued it).
   * For a form whose product rules give it no minimum time (the contact form, the applications):
   * a quick visitor's send waits out the rest instead of being refused as too fast.
   */
  ready(): Promise<void>;
}

/**
 * A form's ticket: loaded on `load()`, replaced when the server refused it, and the time from which
 * the form's own minimum-time check counts (product.md 5.1, 5.2). That time is when a NEW ticket arrived,
 * since the server counts from when it issued it: on a slow connection the browser would otherwise
 * let through a submit the server calls too fast, and the visitor would spend one of their 3
 * attempts an hour on it.
 */
export function formTicketHolder(
  form: FormName,
  fetchTicket: (form: FormName) => Promise<LoadedTicket> = loadFormTicket,
  now: () => number = Date.now,
): FormTicket {
  let loading: Promise<void> = Promise.resolve();
  /** When the last new ticket arrived (a kept one is older than the minimum already). */
  let arrivedAt = 0;
  const holder: FormTicket = {
    value: '',
    readyAt: now(),
    load: () => {
      loading = fetchTicket(form)
        .then((loaded) => {
          holder.value = loaded.ticket;
          if (loaded.fresh) holder.readyAt = arrivedAt = now();
        })
        .catch((error: unknown) => console.warn(`Form ticket for ${form} not loaded`, error));
      return loading;
    },
    async ready() {
      await loading;
      if (!holder.value) await holder.load(); // not loaded (offline at load): try again now
      const wait = arrivedAt + MIN_DWELL_MS - now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    },
    renewIfRefused(error) {
      if (!ticketRefused(error)) return;
      dropFormTicket(form);
      holder.load();
    },
  };
  return holder;
}
