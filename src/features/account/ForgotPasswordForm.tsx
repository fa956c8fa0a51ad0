// /account/forgot-password (product.md 2.6, 8): the same confirmation whatever the server answers, so
// the form never tells whether an address has an account. Past a few mails an hour to one mailbox the
// server asks for the human check instead of refusing (docs/decisions/0014-*): the form then shows it
// and, once it gives a token, asks again with it, so the owner always gets a link.
import { useRef, useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import { check } from '../../components/form/form.ts';
import { useFormTicket } from '../../components/form/useFormTicket.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { ApiError, publicApi, read } from '../session/api.ts';
import { MESSAGES, resetRequestSchema } from './account.ts';

const ACTION = 'password-reset';
const asksForCheck = (error: unknown) =>
  error instanceof ApiError && (error.code === 'human_check_required' || error.code === 'human_check_failed');

export default function ForgotPasswordForm() {
  const ticket = useFormTicket(ACTION);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [checkShown, setCheckShown] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  // A ref, not state: the retry below submits at once and must see the token it was just given.
  const humanToken = useRef<string | null>(null);

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Password reset request',
    check: () =>
      checkShown && !humanToken.current
        ? { message: MESSAGES.resetCheckRequired }
        : check(resetRequestSchema, { email }),
    async send({ email }) {
      const json = { email, form_ticket: ticket.value, human_check_token: humanToken.current ?? '' };
      try {
        await read(publicApi.auth.password_reset.request.$post({ json }));
      } catch (error) {
        // Only the check is worth a word; any other answer shows the same confirmation.
        if (asksForCheck(error)) throw error;
        console.warn('Password reset request failed', error);
      }
      setSent(true);
    },
    failure: { general: MESSAGES.resetCheckRequired },
    onFailure(error) {
      // A token is good for one try: the check starts over after every failed submit (product.md 4).
      humanToken.current = null;
      setResetKey((key) => key + 1);
      if (asksForCheck(error)) setCheckShown(true);
    },
  });

  function onToken(token: string | null) {
    humanToken.current = token;
    if (token && !busy) formRef.current?.requestSubmit();
  }

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      {!sent && (
        <>
          <p>Enter the email address of your account and we will send you a link to reset your password.</p>
          <TextField
            id="forgot-email"
            name="email"
            type="email"
            label="Email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          {checkShown && <HumanCheck action={ACTION} onToken={onToken} resetKey={resetKey} />}
          <button type="submit" className="button" disabled={busy}>
            Reset Password
          </button>
        </>
      )}
      <FormMessages error={sent ? null : status.error} success={sent ? MESSAGES.resetSent : null} />
      {sent && (
        <p>
          <a href="/account/login">Back to Sign In</a>
        </p>
      )}
    </form>
  );
}
