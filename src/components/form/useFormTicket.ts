// Every public-form island's ticket (formTicketHolder in form-ticket.ts), loaded after hydration.
import { useEffect, useState } from 'react';
import { type FormName, type FormTicket, formTicketHolder } from './form-ticket.ts';

export function useFormTicket(form: FormName): FormTicket {
  const [holder] = useState(() => formTicketHolder(form));
  useEffect(() => {
    holder.readyAt = Date.now();
    holder.load();
  }, [holder]);
  return holder;
}
