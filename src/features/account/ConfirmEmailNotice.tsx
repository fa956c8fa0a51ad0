// /account: until the address is confirmed, says where the confirmation link went and sends it again
// on request (product.md 2.6 and 4: sign-up goes straight to /account; the mailed confirmation of
// docs/decisions/0014-* is said here instead). The server limits the mails per account (docs/api.md).
import { useEffect, useState } from 'react';
import { FormMessages } from '../../components/form/Fields.tsx';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { api, read } from '../session/api.ts';
import { MESSAGES } from './account.ts';

export default function ConfirmEmailNotice() {
  // The address the link went to, while it is not confirmed; null hides the notice.
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    read(api.me.profile.$get())
      .then((answer) => setPending(answer.email_confirmed ? null : answer.email))
      // The account details form says when the profile cannot be loaded.
      .catch((error: unknown) => console.warn('Confirmation notice: not loaded', error));
  }, []);

  const { formRef, status, busy, submit } = useSubmit({
    name: 'Confirmation mail',
    check: () => ({ output: {} }),
    async send() {
      await read(api.me['email-confirmation'].$post());
      return MESSAGES.confirmResent;
    },
  });

  if (!pending) return null;
  return (
    // No accessible name: one holding "email" would meet the tests' and assistive tools' look-up of the
    // Email field by its label on the same page.
    <form ref={formRef} className="account-form account-notice" noValidate onSubmit={submit}>
      <p>
        <strong>{MESSAGES.confirmPending}</strong> We have sent a link to <strong>{pending}</strong>. Open it
        and sign in with your password to confirm the address.
      </p>
      <FormMessages error={status.error} success={status.success} />
      <button type="submit" className="button" disabled={busy}>
        Send it again
      </button>
    </form>
  );
}
