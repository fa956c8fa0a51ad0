// Every public-form island's ticket (formTicketHolder in form-ticket.ts), loaded after hydration.
import { useEffect, useState } from 'react';
import { type FormTicket, formTicketHolder, type PublicFormName } from './form-ticket.ts';

export function useFormTicket(form: PublicFormName): FormTicket {
  const [holder] = useState(() => formTicketHolder(form));
  useEffect(() => {
    holder.readyAt = Date.now();
    holder.load();
  }, [holder]);
  return holder;
}
