// /account/login (product.md 2.6, 4): email and password; on success the session is stored, the first
// name cached for the greetings, and the visitor goes to /account. After repeated failures for an
// address the server asks for the human check (docs/api.md, "Limits"): the form then shows it and,
// once it gives a token, signs in again with it. Opened from the confirmation mail's link (?confirm_token=),
// signing in also confirms the address: the link and the password together (docs/decisions/0014-*),
// and 'Your account has been verified!' shows before /account.
import { useEffect, useRef, useState } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import { check } from '../../components/form/form.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { ApiError, api, publicApi, read } from '../session/api.ts';
import { setFirstName, signIn } from '../session/session.ts';
import { CONFIRM_PARAM, loginSchema, MESSAGES, REDIRECT_DELAY_MS } from './account.ts';
import { forgetLinkToken, readLinkToken } from './reset-token.ts';

export default function LoginForm() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [verified, setVerified] = useState(false);
  const [confirmToken, setConfirmToken] = useState<string | null>(null);

  // Read after hydration (the page is static): ?verified=1 says a confirmed account arrives, and the
  // confirmation mail's link brings its token (taken out of the address bar at once).
  useEffect(() => {
    setVerified(new URLSearchParams(location.search).get('verified') === '1');
    setConfirmToken(readLinkToken(CONFIRM_PARAM));
  }, []);

  const update = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  const [checkShown, setCheckShown] = useState(false);
  // A ref, not state: the retry below submits at once and must see the token it was just given.
  const humanToken = useRef<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // Set when the server asked for the check: the sign-in goes again as soon as the check gives a token.
  const retryWithToken = useRef(false);

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Sign-in',
    check() {
      if (checkShown && !humanToken.current) {
        retryWithToken.current = true;
        return { message: GUARD_MESSAGES.humanCheck };
      }
      const result = check(loginSchema, values);
      // The shared schema answers an empty password with the failure text; beside the field, say what is missing.
      if (result.errors?.password && values.password === '') result.errors.password = 'Password is required';
      return result;
    },
    async send(json) {
      const body = {
        ...json,
        human_check_token: humanToken.current ?? '',
        confirm_token: confirmToken ?? '',
      };
      const session = await read(publicApi.auth.login.$post({ json: body }));
      signIn(session);
      forgetLinkToken(CONFIRM_PARAM);
      // The greeting is a nicety: a failed profile read must not block signing in.
      await read(api.me.profile.$get())
        .then((profile) => setFirstName(profile.first_name))
        .catch((error: unknown) => console.warn('Sign-in: profile not loaded', error));
      if (!session.confirmed) return globalThis.location.assign('/account');
      setVerified(true);
      setTimeout(() => globalThis.location.assign('/account'), REDIRECT_DELAY_MS);
    },
    // A rate limit or a lost connection says so; anything else is product.md's one message.
    failure: { general: MESSAGES.loginFailed },
    onFailure(error) {
      // A token is good for one try: the check starts over after every failed submit (product.md 4).
      if (humanToken.current) {
        humanToken.current = null;
        setResetKey((key) => key + 1);
      }
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'human_check_required' || code === 'human_check_failed') setCheckShown(true);
      retryWithToken.current = code === 'human_check_required';
    },
    leaves: true,
  });

  function onToken(token: string | null) {
    humanToken.current = token;
    if (token && retryWithToken.current && !busy) {
      retryWithToken.current = false;
      formRef.current?.requestSubmit();
    }
  }

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      {verified && (
        <p className="form-message form-message--success" role="status">
          {MESSAGES.verified}
        </p>
      )}
      {confirmToken && !verified && <p>{MESSAGES.confirmSignIn}</p>}
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
