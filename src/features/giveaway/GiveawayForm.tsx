// /account/giveaway (SPEC 2.6, 4, 5.1): the Enter Giveaway form, for guests and members alike.
// Astro renders it to HTML at build time, so the form is on screen before this script runs; then
// it checks each field as it changes and everything again on submit (giveaway.ts, SPEC order),
// fills itself from a member's profile, and posts the entry through the public-form guard.
import { useStore } from '@nanostores/react';
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { fetchActivePromotion, type Promotion } from '../../components/home/promotion';
import { FormMessages, RequiredNote, SelectField, TextField, TrapField } from '../account/Fields';
import { focusFirstInvalid } from '../account/form';
import { recentAttempts, recordAttempt } from '../account/guards';
import { PROFILE_INPUTS, type ProfileAnswer } from '../account/profile';
import HumanCheck from '../human-check/HumanCheck';
import { ApiError, api } from '../session/api';
import { $session } from '../session/store';
import {
  type EntryErrors,
  type EntryValues,
  emptyEntry,
  fieldProblems,
  GIVEAWAY_ATTEMPTS_KEY,
  GIVEAWAY_FORM,
  GIVEAWAY_MESSAGES,
  GIVEAWAY_STATES,
  submitProblems,
  toEntryPayload,
} from './giveaway';
import { prefillFromProfile } from './prefill';

export const DEFAULT_RULES_URL = '/giveaway/rules';

export default function GiveawayForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const loadedAt = useRef(0);
  const ticket = useRef('');
  const { token } = useStore($session);
  const [promotion, setPromotion] = useState<Promotion | null | undefined>(undefined);
  const [values, setValues] = useState<EntryValues>(emptyEntry);
  const [errors, setErrors] = useState<EntryErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [entered, setEntered] = useState(false);

  useEffect(() => {
    loadedAt.current = Date.now();
    api<{ ticket: string }>(`/form-ticket?form=${GIVEAWAY_FORM}`, { token: null })
      .then((answer) => {
        ticket.current = answer.ticket;
      })
      .catch((error: unknown) => console.warn('Giveaway: form ticket not loaded', error));
    fetchActivePromotion().then((active) => setPromotion(active ?? null));
  }, []);

  // A member finds the form filled from the profile (fields already typed in are kept).
  useEffect(() => {
    if (!token) return;
    api<ProfileAnswer>('/me/profile')
      .then((answer) => setValues((old) => prefillFromProfile(old, answer)))
      .catch((error: unknown) => console.warn('Giveaway: profile not loaded', error));
  }, [token]);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, type, value } = event.target;
    const checked = type === 'checkbox' && (event.target as HTMLInputElement).checked;
    const next = { ...values, [name]: type === 'checkbox' ? checked : value };
    setValues(next);
    if (name !== 'website')
      setErrors((old) => ({ ...old, [name]: fieldProblems(next)[name as keyof EntryValues] }));
  };
  const field = (name: keyof typeof PROFILE_INPUTS | 'email') => ({
    id: `giveaway-${name}`,
    name,
    value: String(values[name]),
    onChange: update,
    error: errors[name],
  });

  function fail(error: unknown) {
    const detail = error instanceof ApiError && error.isSpecific ? ` ${error.description}` : '';
    if (error instanceof ApiError) setErrors(error.fields);
    setMessage(`${GIVEAWAY_MESSAGES.failed}${detail}`);
    setHumanToken(null);
    setResetKey((key) => key + 1);
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const now = Date.now();
    const attempts = recentAttempts(GIVEAWAY_ATTEMPTS_KEY, now).length;
    const problems = submitProblems(values, { loadedAt: loadedAt.current, now, attempts, humanToken });
    flushSync(() => {
      setErrors(problems.errors);
      setMessage(problems.message ?? (promotion === null ? GIVEAWAY_MESSAGES.noPromotion : null));
    });
    if (problems.message || Object.keys(problems.errors).length > 0)
      return focusFirstInvalid(formRef.current);
    if (!promotion) return;

    recordAttempt(GIVEAWAY_ATTEMPTS_KEY, now);
    setBusy(true);
    try {
      await api(`/promotion/${encodeURIComponent(promotion.id)}/entry?cb=${Date.now()}`, {
        method: 'POST',
        body: {
          ...toEntryPayload(values),
          website: values.website,
          form_ticket: ticket.current,
          human_check_token: humanToken,
        },
      });
    } catch (error) {
      return fail(error);
    }
    setEntered(true);
    setBusy(false);
  }

  const rulesUrl = promotion?.rulesUrl ?? DEFAULT_RULES_URL;
  return (
    <form ref={formRef} className="account-form giveaway-form" noValidate onSubmit={submit}>
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
        error={entered ? null : message}
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
