// /account/register (SPEC 2.6, 4, 5.2): sign-up with the anti-abuse rules and the human check.
// Flow (completeSignUp in register.ts): create the account, store the session, save the profile,
// join the ticked mailing lists (a failure there is only logged), then /account.
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { US_STATES } from '../../lib/us-states';
import { site } from '../../site.config';
import HumanCheck from '../human-check/HumanCheck';
import { ApiError, api } from '../session/api';
import { MESSAGES } from './account';
import { FormMessages, PasswordRules, RequiredNote, SelectField, TextField, TrapField } from './Fields';
import { type Errors, focusFirstInvalid } from './form';
import { recentAttempts, recordAttempt } from './guards';
import { PROFILE_INPUTS } from './profile';
import { completeSignUp, emptySignUp, logOnly, REGISTER_ATTEMPTS_KEY, signUpProblems } from './register';

export default function RegisterForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const loadedAt = useRef(0);
  const ticket = useRef('');
  const [values, setValues] = useState(emptySignUp);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadedAt.current = Date.now();
    api<{ ticket: string }>('/form-ticket?form=register', { token: null })
      .then((answer) => {
        ticket.current = answer.ticket;
      })
      .catch(logOnly('form ticket'));
  }, []);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, type, value } = event.target;
    const checked = type === 'checkbox' && (event.target as HTMLInputElement).checked;
    setValues((old) => ({ ...old, [name]: type === 'checkbox' ? checked : value }));
  };
  const field = (name: keyof typeof emptySignUp) => ({
    id: `register-${name}`,
    name,
    value: String(values[name]),
    onChange: update,
    error: errors[name],
  });

  function fail(error: unknown) {
    const detail = error instanceof ApiError && error.isSpecific ? ` ${error.description}` : '';
    setMessage(`${MESSAGES.registerFailed}${detail}`);
    setHumanToken(null);
    setResetKey((key) => key + 1);
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const now = Date.now();
    const attempts = recentAttempts(REGISTER_ATTEMPTS_KEY, now).length;
    const problems = signUpProblems(values, { loadedAt: loadedAt.current, now, attempts, humanToken });
    flushSync(() => {
      setErrors(problems.errors);
      setMessage(problems.message);
    });
    if (problems.message || Object.keys(problems.errors).length > 0)
      return focusFirstInvalid(formRef.current);

    recordAttempt(REGISTER_ATTEMPTS_KEY, now);
    setBusy(true);
    try {
      await completeSignUp(api, { values, formTicket: ticket.current, humanToken });
    } catch (error) {
      return fail(error);
    }
    globalThis.location.assign('/account');
  }

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      <RequiredNote />
      <div className="field-grid">
        <TextField {...field('first_name')} {...PROFILE_INPUTS.first_name} required />
        <TextField {...field('last_name')} {...PROFILE_INPUTS.last_name} required />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" required />
        <TextField {...field('phone')} {...PROFILE_INPUTS.phone} />
      </div>
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        describedBy="register-password-rules"
      >
        <PasswordRules id="register-password-rules" password={values.password} />
      </TextField>
      <div className="field-grid">
        <TextField {...field('address_1')} {...PROFILE_INPUTS.address_1} required />
        <TextField {...field('address_2')} {...PROFILE_INPUTS.address_2} />
        <TextField {...field('city')} {...PROFILE_INPUTS.city} required />
        <SelectField {...field('state')} {...PROFILE_INPUTS.state} options={US_STATES} required />
        <TextField {...field('zip')} {...PROFILE_INPUTS.zip} required />
      </div>
      <fieldset className="checks">
        <legend>Email from us</legend>
        <label>
          <input type="checkbox" name="newsletter" checked={values.newsletter} onChange={update} /> Sign me up
          for the {site.name} newsletter
        </label>
        <label>
          <input type="checkbox" name="offers" checked={values.offers} onChange={update} /> Send me special
          offers
        </label>
      </fieldset>
      <TrapField id="register-website" value={values.website} onChange={update} />
      <HumanCheck action="register" onToken={setHumanToken} resetKey={resetKey} />
      <FormMessages error={message} />
      <button type="submit" className="button" disabled={busy}>
        Sign Up
      </button>
    </form>
  );
}
