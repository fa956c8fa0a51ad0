// /account/forgot-password (product.md 2.6, 8): the same confirmation whatever the server answers, so
// the form never tells whether an address has an account.
import { useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import { check } from '../../components/form/form.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { publicApi, read } from '../session/api.ts';
import { MESSAGES, resetRequestSchema } from './account.ts';

export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const { formRef, errors, busy, submit } = useSubmit({
    name: 'Password reset request',
    check: () => check(resetRequestSchema, { email }),
    async send(json) {
      // Whatever the answer, the same confirmation: nothing tells whether the address has an account.
      await read(publicApi.auth.password_reset.request.$post({ json })).catch((error: unknown) =>
        console.warn('Password reset request failed', error),
      );
      setSent(true);
    },
  });

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
