// /account/forgot-password (SPEC 2.6, 8): the same confirmation whatever the server answers, so
// the form never tells whether an address has an account.
import { type SubmitEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api } from '../session/api';
import { MESSAGES, resetRequestSchema } from './account';
import { FormMessages, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';

export default function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const result = check(resetRequestSchema, { email });
    flushSync(() => setErrors(result.errors ?? {}));
    if (!result.output) return focusFirstInvalid(formRef.current);
    setBusy(true);
    await api('/auth/password_reset/request', { method: 'POST', body: result.output, token: null }).catch(
      (error: unknown) => console.warn('Password reset request failed', error),
    );
    setBusy(false);
    setSent(true);
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
          <button type="submit" className="button" disabled={busy}>
            Reset Password
          </button>
        </>
      )}
      <FormMessages success={sent ? MESSAGES.resetSent : null} />
      {sent && (
        <p>
          <a href="/account/login">Back to Sign In</a>
        </p>
      )}
    </form>
  );
}
