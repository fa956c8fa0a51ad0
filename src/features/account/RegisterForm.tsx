// /account/register (product.md 2.6, 4, 5.2): sign-up with the anti-abuse rules and the human check.
// Flow (completeSignUp in register.ts): create the account, store the session, save the profile,
// join the ticked mailing lists (a failure there is only logged), then /account (product.md 2.6, 4),
// whose notice says where the confirmation link went (docs/decisions/0014-*).
import { type ChangeEvent, useState } from 'react';
import {
  FormMessages,
  RequiredNote,
  SelectField,
  TextField,
  TrapField,
} from '../../components/form/Fields.tsx';
import { recentAttempts, recordAttempt } from '../../components/form/guards.ts';
import { useFormTicket } from '../../components/form/useFormTicket.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { US_STATES } from '../../lib/us-states.ts';
import { site } from '../../site.config.ts';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { MESSAGES } from './account.ts';
import { PasswordRules } from './PasswordRules.tsx';
import { PROFILE_INPUTS } from './profile.ts';
import { completeSignUp, emptySignUp, REGISTER_ATTEMPTS_KEY, signUpProblems } from './register.ts';

export default function RegisterForm() {
  const ticket = useFormTicket('register');
  const [values, setValues] = useState(emptySignUp);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Registration',
    check() {
      const now = Date.now();
      const attempts = recentAttempts(REGISTER_ATTEMPTS_KEY, now).length;
      const problems = signUpProblems(values, { loadedAt: ticket.readyAt, now, attempts, humanToken });
      return { ...problems, output: { values, formTicket: ticket.value, humanToken } };
    },
    async send(request) {
      recordAttempt(REGISTER_ATTEMPTS_KEY, Date.now());
      await completeSignUp(request);
      globalThis.location.assign('/account');
    },
    // product.md's sentence, then the server's own reason when it gave one.
    failure: { lead: MESSAGES.registerFailed, general: '' },
    // product.md 4: a failed submit starts the human check over.
    onFailure(error) {
      setHumanToken(null);
      setResetKey((key) => key + 1);
      ticket.renewIfRefused(error);
    },
    leaves: true,
  });

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
      <FormMessages error={status.error} />
      <button type="submit" className="button" disabled={busy}>
        Sign Up
      </button>
    </form>
  );
}
