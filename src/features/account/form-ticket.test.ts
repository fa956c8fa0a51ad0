import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/api';
import { loadFormTicket, renewRefusedTicket } from './form-ticket';

afterEach(() => vi.unstubAllGlobals());

describe('form tickets in the islands', () => {
  it('loads a ticket into the ref, and a new one only when the server refused the old one', async () => {
    let issued = 0;
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json({ ticket: `ticket-${++issued}` }));
    vi.stubGlobal('fetch', fetch);
    const ref = { current: '' };
    loadFormTicket('contact', ref);
    await vi.waitFor(() => expect(ref.current).toBe('ticket-1'));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/v1/form-ticket?form=contact');

    renewRefusedTicket(new ApiError(400, 'invalid_input', 'Email is required'), 'contact', ref);
    renewRefusedTicket(new Error('offline'), 'contact', ref);
    expect(fetch).toHaveBeenCalledTimes(1);
    renewRefusedTicket(
      new ApiError(400, 'too_fast', 'Please review your information and try again'),
      'contact',
      ref,
    );
    await vi.waitFor(() => expect(ref.current).toBe('ticket-2'));
  });
});
