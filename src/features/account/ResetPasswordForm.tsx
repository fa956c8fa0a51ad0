// /account/reset-password?reset_token=... (SPEC 2.6, 5.3, 8). The token is taken out of the
// address bar at once so it stays out of history and referrers; sessionStorage keeps it for a reload.
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api } from '../session/api';
import { MESSAGES } from './account';
import { FormMessages, PasswordRules, TextField } from './Fields';
import { type Errors, focusFirstInvalid } from './form';
import { firstBrokenRule } from './password';
import { forgetResetToken, readResetToken } from './reset-token';
import { reason } from './useSavedForm';

/** SPEC 8: the success text stays readable for a moment before the sign-in page. */
export const REDIRECT_DELAY_MS = 2000;
const INVALID_LINK = 'This reset link is invalid or has expired.';

export default function ResetPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => setToken(readResetToken()), []);

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

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (values.password !== values.confirm) found.confirm = MESSAGES.passwordsDiffer;
    else if (firstBrokenRule(values.password)) found.password = firstBrokenRule(values.password) ?? '';
    flushSync(() => {
      setErrors(found);
      setStatus({});
    });
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await api('/auth/password_reset/submit', {
        method: 'POST',
        token: null,
        body: { reset_token: token ?? '', password: values.password },
      });
      forgetResetToken();
      setStatus({ success: MESSAGES.resetDone });
      setTimeout(() => globalThis.location.assign('/account/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      setStatus({ error: reason(error) });
      setBusy(false);
    }
  }

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
