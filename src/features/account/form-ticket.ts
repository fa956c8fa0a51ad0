// The public forms' ticket in the browser (GET /form-ticket): kept in localStorage and reused
// (formTicket in guards.ts), so the browser id inside it, which the server's per-browser limit
// counts, lasts for the browser rather than one page load. Islands hold it in a ref.
import { ApiError, publicApi, read } from '../session/api';
import { dropFormTicket, formTicket } from './guards';

type Form = NonNullable<Parameters<(typeof publicApi)['form-ticket']['$get']>[0]['query']['form']>;

/** Puts the kept or a new ticket into `into.current`; a failure is only logged (the server then says too_fast). */
export function loadFormTicket(form: Form, into: { current: string }): void {
  formTicket(form, () =>
    read(publicApi['form-ticket'].$get({ query: { form } })).then((answer) => answer.ticket),
  )
    .then((ticket) => {
      into.current = ticket;
    })
    .catch((error: unknown) => console.warn(`Form ticket for ${form} not loaded`, error));
}

/** After a failed submit: a ticket the server refused (expired, or signed with an older key) is replaced. */
export function renewRefusedTicket(error: unknown, form: Form, into: { current: string }): void {
  if (!(error instanceof ApiError) || error.code !== 'too_fast') return;
  dropFormTicket(form);
  loadFormTicket(form, into);
}
