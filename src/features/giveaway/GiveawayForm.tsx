// /account/giveaway (product.md 2.6, 4, 5.1): the Enter Giveaway form, for guests and members alike.
// Astro renders it to HTML at build time, so the form is on screen before this script runs; then
// it checks each field as it changes and everything again on submit (giveaway.ts, product.md order),
// fills itself from a member's profile, and posts the entry through the public-form guard.
import { useStore } from '@nanostores/react';
import { type ChangeEvent, useEffect, useState } from 'react';
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
import { PROFILE_INPUTS } from '../account/profile.ts';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { api, read } from '../session/api.ts';
import { $session } from '../session/session-store.ts';
import {
  type EntryValues,
  emptyEntry,
  fieldProblems,
  GIVEAWAY_ATTEMPTS_KEY,
  GIVEAWAY_FORM,
  submitProblems,
  toEntryPayload,
} from './giveaway.ts';
import { GIVEAWAY_MESSAGES, GIVEAWAY_STATES } from './policy.ts';
import { prefillFromProfile } from './prefill.ts';
import { fetchActivePromotion, type Promotion } from './promotion.ts';

export const DEFAULT_RULES_URL = '/giveaway/rules';

export default function GiveawayForm() {
  const ticket = useFormTicket(GIVEAWAY_FORM);
  const { token } = useStore($session);
  const [promotion, setPromotion] = useState<Promotion | null | undefined>(undefined);
  const [values, setValues] = useState<EntryValues>(emptyEntry);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [entered, setEntered] = useState(false);

  const { formRef, errors, setErrors, status, busy, submit } = useSubmit({
    name: 'Giveaway',
    check() {
      const now = Date.now();
      const attempts = recentAttempts(GIVEAWAY_ATTEMPTS_KEY, now).length;
      const problems = submitProblems(values, { loadedAt: ticket.readyAt, now, attempts, humanToken });
      const message = problems.message ?? (promotion === null ? GIVEAWAY_MESSAGES.noPromotion : null);
      // While the promotion is still loading nothing is sent (output null).
      return { errors: problems.errors, message, output: promotion ? { promotion, values } : null };
    },
    async send({ promotion }) {
      recordAttempt(GIVEAWAY_ATTEMPTS_KEY, Date.now());
      const json = {
        ...toEntryPayload(values),
        website: values.website,
        form_ticket: ticket.value,
        human_check_token: humanToken ?? '',
      };
      const param = { id: promotion.id };
      await read(api.promotion[':id'].entry.$post({ param, query: { cb: String(Date.now()) }, json }));
      setEntered(true);
    },
    failure: { lead: GIVEAWAY_MESSAGES.failed, general: '' },
    // product.md 4: a failed submit starts the human check over.
    onFailure(error) {
      setHumanToken(null);
      setResetKey((key) => key + 1);
      ticket.renewIfRefused(error);
    },
  });

  useEffect(() => {
    fetchActivePromotion().then((active) => setPromotion(active ?? null));
  }, []);

  // A member finds the form filled from the profile (fields already typed in are kept).
  useEffect(() => {
    if (!token) return;
    read(api.me.profile.$get())
      .then((answer) => setValues((old) => prefillFromProfile(old, answer)))
      .catch((error: unknown) => console.warn('Giveaway: profile not loaded', error));
  }, [token]);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, type, value } = event.target;
    const checked = type === 'checkbox' && (event.target as HTMLInputElement).checked;
    const next = { ...values, [name]: type === 'checkbox' ? checked : value };
    setValues(next);
    if (name === 'website') return;
    const problem = fieldProblems(next)[name as keyof EntryValues];
    setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: problem } : rest));
  };
  const field = (name: keyof typeof PROFILE_INPUTS | 'email') => ({
    id: `giveaway-${name}`,
    name,
    value: String(values[name]),
    onChange: update,
    error: errors[name],
  });

  const rulesUrl = promotion?.rulesUrl ?? DEFAULT_RULES_URL;
  return (
    <form
      ref={formRef}
      className="account-form giveaway-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy || undefined}
    >
      {promotion && (
        <p className="giveaway-form__promotion">
          Today’s giveaway: <strong>{promotion.title}</strong>
        </p>
      )}
      {promotion === null && <p className="form-note">{GIVEAWAY_MESSAGES.noPromotion}</p>}
      <RequiredNote />
      <div className="field-grid">
        <TextField {...field('first_name')} {...PROFILE_INPUTS.first_name} required />
        <TextField {...field('last_name')} {...PROFILE_INPUTS.last_name} required />
        <TextField {...field('address_1')} {...PROFILE_INPUTS.address_1} required />
        <TextField {...field('address_2')} {...PROFILE_INPUTS.address_2} />
        <TextField {...field('city')} {...PROFILE_INPUTS.city} required />
        <SelectField
          {...field('state')}
          {...PROFILE_INPUTS.state}
          options={GIVEAWAY_STATES}
          required
          describedBy="giveaway-state-help"
        >
          <p id="giveaway-state-help" className="form-note">
            {GIVEAWAY_MESSAGES.stateHelp}
          </p>
        </SelectField>
        <TextField {...field('zip')} {...PROFILE_INPUTS.zip} required />
        <TextField {...field('phone')} {...PROFILE_INPUTS.phone} required />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" required />
      </div>
      <div className="field giveaway-form__rules">
        <label htmlFor="giveaway-rules">
          <input
            id="giveaway-rules"
            type="checkbox"
            name="rules_accepted"
            checked={values.rules_accepted}
            onChange={update}
            aria-invalid={errors.rules_accepted ? true : undefined}
            aria-describedby={errors.rules_accepted ? 'giveaway-rules-error' : undefined}
          />{' '}
          I have read and agree to the{' '}
          <a href={rulesUrl} target="_blank" rel="noopener">
            official rules
          </a>
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        {errors.rules_accepted && (
          <p id="giveaway-rules-error" className="field__error">
            {errors.rules_accepted}
          </p>
        )}
      </div>
      <TrapField id="giveaway-website" value={values.website} onChange={update} />
      <HumanCheck action={GIVEAWAY_FORM} onToken={setHumanToken} resetKey={resetKey} />
      <FormMessages
        error={entered ? null : status.error}
        success={entered ? GIVEAWAY_MESSAGES.enteredAlert : null}
      />
      {entered ? (
        <p className="giveaway-form__entered">{GIVEAWAY_MESSAGES.entered}</p>
      ) : (
        <button type="submit" className="button" disabled={busy}>
          Enter Giveaway
        </button>
      )}
    </form>
  );
}
