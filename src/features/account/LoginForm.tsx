// /account/login (SPEC 2.6, 4): email and password; on success the session is stored, the first
// name cached for the greetings, and the visitor goes to /account. After repeated failures for an
// address the server asks for the human check; the form then shows it and signs in with its token.
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import HumanCheck from '../human-check/HumanCheck';
import { ApiError, api } from '../session/api';
import { setFirstName, signIn } from '../session/session';
import { loginSchema, MESSAGES } from './account';
import { FormMessages, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';
import { GUARD_MESSAGES } from './guards';

export default function LoginForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  // After repeated failures the server asks for the human check (docs/api.md, "Limits"): the
  // widget appears, and once it gives a token the sign-in is sent again with it.
  const [checkShown, setCheckShown] = useState(false);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const retryWithToken = useRef(false);

  // The link of the confirmation mail lands here with ?verified=1 (read after hydration: the page is static).
  useEffect(() => setVerified(new URLSearchParams(location.search).get('verified') === '1'), []);

  const update = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  async function send(token: string | null) {
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
        body: { ...result.output, human_check_token: token ?? '' },
        token: null,
      });
      signIn(session);
      // The greeting is a nicety: a failed profile read must not block signing in.
      await api<{ first_name?: string }>('/me/profile')
        .then((profile) => setFirstName(profile.first_name))
        .catch((error: unknown) => console.warn('Sign-in: profile not loaded', error));
      globalThis.location.assign('/account');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      // A token is good for one try: the widget starts over after every failed submit (SPEC 4).
      if (token) {
        setHumanToken(null);
        setResetKey((key) => key + 1);
      }
      if (code === 'human_check_required' || code === 'human_check_failed') {
        setCheckShown(true);
        retryWithToken.current = code === 'human_check_required';
      }
      // The check, a rate limit or a lost connection says so; anything else is the SPEC's one message.
      const specific =
        error instanceof ApiError &&
        (error.status === 429 || error.status === 0 || code.startsWith('human_check'));
      setFailure(specific ? error.description : MESSAGES.loginFailed);
      setBusy(false);
    }
  }

  function submit(event: SubmitEvent) {
    event.preventDefault();
    setFailure(null);
    if (checkShown && !humanToken) {
      retryWithToken.current = true;
      setFailure(GUARD_MESSAGES.humanCheck);
      return;
    }
    void send(humanToken);
  }

  function onToken(token: string | null) {
    setHumanToken(token);
    if (token && retryWithToken.current && !busy) {
      retryWithToken.current = false;
      setFailure(null);
      void send(token);
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
      {checkShown && <HumanCheck action="login" onToken={onToken} resetKey={resetKey} />}
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
