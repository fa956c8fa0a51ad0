import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from '../../../tests/support/fake-browser.ts';
import { ApiError } from '../../features/session/api.ts';
import { FORM_TICKET_LIFETIME_MS, MIN_DWELL_MS } from '../../lib/form-rules.ts';
import {
  dropFormTicket,
  formTicket,
  formTicketHolder,
  type LoadedTicket,
  loadFormTicket,
  ticketRefused,
} from './form-ticket.ts';

afterEach(() => vi.unstubAllGlobals());

describe('form tickets from our API', () => {
  it('asks GET /form-ticket for the form, and calls a ticket refused only on too_fast', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json({ ticket: 'ticket-1' }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', new FakeStorage());
    expect(await loadFormTicket('contact')).toEqual({ ticket: 'ticket-1', fresh: true });
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/v1/form-ticket?form=contact');
    expect(ticketRefused(new ApiError(400, 'invalid_input', 'Email is required'))).toBe(false);
    expect(ticketRefused(new Error('offline'))).toBe(false);
    expect(ticketRefused(new ApiError(400, 'too_fast', 'Please review your information and try again'))).toBe(
      true,
    );
  });
});

describe('form tickets kept in the browser (the per-browser limit counts a browser, not a page load)', () => {
  const HOUR = 3_600_000;
  it('reuses the kept ticket until an hour before it expires, then fetches a new one', async () => {
    const store = new FakeStorage();
    let fetched = 0;
    const fetchTicket = async () => `ticket-${++fetched}`;
    expect(await formTicket('register', fetchTicket, 1000, store)).toEqual({
      ticket: 'ticket-1',
      fresh: true,
    });
    // Kept: not fresh, so a form's minimum time does not start again.
    expect(await formTicket('register', fetchTicket, 1000 + HOUR, store)).toEqual({
      ticket: 'ticket-1',
      fresh: false,
    });
    expect((await formTicket('giveaway', fetchTicket, 1000 + HOUR, store)).ticket).toBe('ticket-2');
    expect(await formTicket('register', fetchTicket, 1000 + FORM_TICKET_LIFETIME_MS - HOUR, store)).toEqual({
      ticket: 'ticket-3',
      fresh: true,
    });
    expect(fetched).toBe(3);
  });

  it('fetches a new one after a refusal, from a damaged store, or when the clock went back', async () => {
    const store = new FakeStorage();
    let fetched = 0;
    const fetchTicket = async () => `ticket-${++fetched}`;
    await formTicket('contact', fetchTicket, 5000, store);
    dropFormTicket('contact', store);
    expect((await formTicket('contact', fetchTicket, 5000, store)).ticket).toBe('ticket-2');
    expect((await formTicket('contact', fetchTicket, 4000, store)).ticket).toBe('ticket-3');
    store.setItem('form_ticket_contact', '{nope');
    expect((await formTicket('contact', fetchTicket, 5000, store)).ticket).toBe('ticket-4');
  });
});

const tooFast = new ApiError(400, 'too_fast', 'Please review your information and try again');

describe("a public form island's ticket", () => {
  it('starts the minimum time again when a new ticket arrives, not for a kept one', async () => {
    let clock = 1000;
    const answers: LoadedTicket[] = [
      { ticket: 'kept', fresh: false },
      { ticket: 'new', fresh: true },
    ];
    const holder = formTicketHolder(
      'register',
      async () => answers.shift() as LoadedTicket,
      () => clock,
    );
    expect(holder.readyAt).toBe(1000);
    clock = 5000;
    await holder.load();
    expect(holder).toMatchObject({ value: 'kept', readyAt: 1000 });
    clock = 9000;
    await holder.load();
    expect(holder).toMatchObject({ value: 'new', readyAt: 9000 });
  });

  it('loads a new ticket only when the server refused the old one', async () => {
    const fetchTicket = vi.fn(async () => ({ ticket: 't', fresh: true }));
    const holder = formTicketHolder('contact', fetchTicket);
    holder.renewIfRefused(new ApiError(400, 'invalid_input', 'Email is required'));
    holder.renewIfRefused(new Error('offline'));
    expect(fetchTicket).not.toHaveBeenCalled();
    holder.renewIfRefused(tooFast);
    expect(fetchTicket).toHaveBeenCalledTimes(1);
  });

  it('keeps the form usable when no ticket could be had (the server then says what is wrong)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const holder = formTicketHolder(
      'giveaway',
      () => Promise.reject(new Error('offline')),
      () => 42,
    );
    await holder.load();
    expect(holder).toMatchObject({ value: '', readyAt: 42 });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('ready() waits out the rest of the minimum time of a new ticket, not of a kept one', async () => {
    vi.useFakeTimers();
    try {
      const fresh = formTicketHolder('contact', async () => ({ ticket: 'new', fresh: true }), Date.now);
      fresh.load();
      let ready = false;
      const waiting = fresh.ready().then(() => {
        ready = true;
      });
      await vi.advanceTimersByTimeAsync(MIN_DWELL_MS - 100);
      expect(ready).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await waiting;
      expect(ready).toBe(true);
      const kept = formTicketHolder('contact', async () => ({ ticket: 'kept', fresh: false }), Date.now);
      kept.load();
      await kept.ready(); // no timer to run: it resolves at once
      expect(kept.value).toBe('kept');
    } finally {
      vi.useRealTimers();
    }
  });
});
