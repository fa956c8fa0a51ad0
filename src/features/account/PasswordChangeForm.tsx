// /account: Change Password (SPEC 2.6, 5.3). A mismatched confirmation says so (a deliberate
// departure, see DESIGN); otherwise the server's answer is shown.
import { type ChangeEvent, type SubmitEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api } from '../session/api';
import { MESSAGES, passwordChangeSchema } from './account';
import { FormMessages, PasswordRules, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';
import { reason } from './useSavedForm';

const empty = { old_password: '', new_password: '', confirm: '' };

export default function PasswordChangeForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof empty) => ({
    id: `password-${name}`,
    name,
    type: 'password',
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
    error: errors[name],
    required: true,
  });

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const { confirm, ...body } = values;
    const found = check(passwordChangeSchema, body).errors ?? {};
    if (confirm !== values.new_password) found.confirm = MESSAGES.passwordsDiffer;
    flushSync(() => {
      setErrors(found);
      setStatus({});
    });
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await api('/me/profile/password', { method: 'POST', body });
      setValues(empty);
      setStatus({ success: 'Your password has been changed.' });
    } catch (error) {
      console.warn('Change password failed', error);
      setStatus({ error: reason(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="account-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="password-heading"
    >
      <TextField {...field('old_password')} label="Current password" autoComplete="current-password" />
      <TextField
        {...field('new_password')}
        label="New password"
        autoComplete="new-password"
        describedBy="password-rules"
      >
        <PasswordRules id="password-rules" password={values.new_password} />
      </TextField>
      <TextField {...field('confirm')} label="Confirm new password" autoComplete="new-password" />
      <FormMessages error={status.error} success={status.success} />
      <button type="submit" className="button" disabled={busy}>
        Change Password
      </button>
    </form>
  );
}
