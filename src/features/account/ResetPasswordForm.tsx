// /account/reset-password?reset_token=... (product.md 2.6, 5.3, 8). The token is taken out of the
// address bar at once so it stays out of history and referrers; sessionStorage keeps it for a reload.
import { type ChangeEvent, useEffect, useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import type { Errors } from '../../components/form/form.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { publicApi, read } from '../session/api.ts';
import { MESSAGES, REDIRECT_DELAY_MS } from './account.ts';
import { PasswordRules } from './PasswordRules.tsx';
import { firstBrokenRule } from './password.ts';
import { forgetResetToken, readResetToken } from './reset-token.ts';

const INVALID_LINK = 'This reset link is invalid or has expired.';

export default function ResetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState({ password: '', confirm: '' });

  useEffect(() => setToken(readResetToken()), []);

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Password reset',
    check() {
      const errors: Errors = {};
      const broken = firstBrokenRule(values.password);
      if (values.password !== values.confirm) errors.confirm = MESSAGES.passwordsDiffer;
      else if (broken) errors.password = broken;
      return { output: { reset_token: token ?? '', password: values.password }, errors };
    },
    async send(json) {
      await read(publicApi.auth.password_reset.submit.$post({ json }));
      forgetResetToken();
      setTimeout(() => globalThis.location.assign('/account/login'), REDIRECT_DELAY_MS);
      return MESSAGES.resetDone;
    },
    leaves: true,
  });

  const field = (name: keyof typeof values) => ({
    id: `reset-${name}`,
    name,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
    error: errors[name],
  });

  if (token === null) {
    return (
      <div className="account-form">
        <p className="form-message form-message--error">{INVALID_LINK}</p>
        <p>
          <a href="/account/forgot-password">Ask for a new reset link</a>
        </p>
      </div>
    );
  }
  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      <TextField {...field('password')} label="New password" describedBy="reset-rules">
        <PasswordRules id="reset-rules" password={values.password} />
      </TextField>
      <TextField {...field('confirm')} label="Confirm new password" />
      <FormMessages error={status.error} success={status.success} />
      <button type="submit" className="button" disabled={busy || !token || Boolean(status.success)}>
        Reset Password
      </button>
    </form>
  );
}
