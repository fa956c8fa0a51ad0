// /account/login (SPEC 2.6, 4): email and password; on success the session is stored, the first
// name cached for the greetings, and the visitor goes to /account.
import { useEffect, useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields';
import { check } from '../../components/form/form';
import { useSubmit } from '../../components/form/useSubmit';
import { api, publicApi, read } from '../session/api';
import { setFirstName, signIn } from '../session/session';
import { loginSchema, MESSAGES } from './account';

export default function LoginForm() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [verified, setVerified] = useState(false);

  // The link of the confirmation mail lands here with ?verified=1 (read after hydration: the page is static).
  useEffect(() => setVerified(new URLSearchParams(location.search).get('verified') === '1'), []);

  const update = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Sign-in',
    check() {
      const result = check(loginSchema, values);
      // The shared schema answers an empty password with the failure text; beside the field, say what is missing.
      if (result.errors?.password && values.password === '') result.errors.password = 'Password is required';
      return result;
    },
    async send(json) {
      signIn(await read(publicApi.auth.login.$post({ json })));
      // The greeting is a nicety: a failed profile read must not block signing in.
      await read(api.me.profile.$get())
        .then((profile) => setFirstName(profile.first_name))
        .catch((error: unknown) => console.warn('Sign-in: profile not loaded', error));
      globalThis.location.assign('/account');
    },
    // A rate limit or a lost connection says so; anything else is the SPEC's one message.
    failure: { general: MESSAGES.loginFailed },
    leaves: true,
  });

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      {verified && <p className="form-message form-message--success">{MESSAGES.verified}</p>}
      <TextField
        id="login-email"
        name="email"
        type="email"
        label="Email"
        required
        autoComplete="email"
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <TextField
        id="login-password"
        name="password"
        type="password"
        label="Password"
        required
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <FormMessages error={status.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Sign In
        </button>
        <a href="/account/forgot-password">Forgot Password?</a>
      </div>
      <p>
        New here? <a href="/account/register">Create an account</a>
      </p>
    </form>
  );
}
