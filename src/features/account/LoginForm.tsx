// /account/login (SPEC 2.6, 4): email and password; on success the session is stored, the first
// name cached for the greetings, and the visitor goes to /account.
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, api } from '../session/api';
import { setFirstName, signIn } from '../session/session';
import { loginSchema, MESSAGES } from './account';
import { FormMessages, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';

export default function LoginForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);

  // The link of the confirmation mail lands here with ?verified=1 (read after hydration: the page is static).
  useEffect(() => setVerified(new URLSearchParams(location.search).get('verified') === '1'), []);

  const update = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setFailure(null);
    const result = check(loginSchema, values);
    const found = { ...result.errors };
    // The shared schema answers an empty password with the failure text; beside the field, say what is missing.
    if (found.password && values.password === '') found.password = 'Password is required';
    flushSync(() => setErrors(found));
    if (!result.output) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const session = await api<{ token: string; user_id: string }>('/auth/login', {
        method: 'POST',
        body: result.output,
        token: null,
      });
      signIn(session);
      // The greeting is a nicety: a failed profile read must not block signing in.
      await api<{ first_name?: string }>('/me/profile')
        .then((profile) => setFirstName(profile.first_name))
        .catch((error: unknown) => console.warn('Sign-in: profile not loaded', error));
      globalThis.location.assign('/account');
    } catch (error) {
      // A rate limit or a lost connection says so; anything else is the SPEC's one message.
      const specific = error instanceof ApiError && (error.status === 429 || error.status === 0);
      setFailure(specific ? error.description : MESSAGES.loginFailed);
      setBusy(false);
    }
  }

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
      <FormMessages error={failure} />
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
