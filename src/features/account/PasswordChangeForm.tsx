// /account: Change Password (product.md 2.6, 5.3). A mismatched confirmation says so (a deliberate
// departure, see docs/architecture.md); otherwise the server's answer is shown. The change rotates the session
// (docs/decisions/0014-*): the stored token is replaced by the one the answer carries.
import { type ChangeEvent, useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import { check } from '../../components/form/form.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { api, read } from '../session/api.ts';
import { renewToken } from '../session/session.ts';
import { MESSAGES, passwordChangeSchema } from './account.ts';
import { PasswordRules } from './PasswordRules.tsx';

const empty = { old_password: '', new_password: '', confirm: '' };

export default function PasswordChangeForm() {
  const [values, setValues] = useState(empty);
  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Change password',
    check() {
      const { confirm, ...body } = values;
      const result = check(passwordChangeSchema, body);
      const errors = { ...result.errors };
      if (confirm !== values.new_password) errors.confirm = MESSAGES.passwordsDiffer;
      return { output: result.output, errors };
    },
    async send(json) {
      // Every session ends with the change; this browser goes on with the new one the answer holds.
      const { token } = await read(api.me.profile.password.$post({ json }));
      renewToken(token);
      setValues(empty);
      return 'Your password has been changed.';
    },
  });

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
