// /account: the account details form (SPEC 2.6). Loads GET /me/profile, saves with PUT /me/profile
// and keeps the cached first name (the greetings) in step with what was saved.
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { US_STATES } from '../../lib/us-states';
import { ApiError, api } from '../session/api';
import { setFirstName } from '../session/session';
import { profileSchema } from './account';
import { FormMessages, RequiredNote, SelectField, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';
import {
  PROFILE_INPUTS,
  type ProfileAnswer,
  type ProfileValues,
  profileUpdate,
  toProfileValues,
} from './profile';

const reason = (error: unknown) => (error instanceof ApiError ? error.description : String(error));

export default function ProfileForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<ProfileAnswer>('/me/profile')
      .then((answer) => {
        setValues(toProfileValues(answer));
        setFirstName(answer.first_name);
      })
      .catch((error: unknown) => {
        console.warn('Account details: profile not loaded', error);
        // A 401 is already on its way to the sign-in page.
        if (error instanceof ApiError && error.status === 401) return;
        setStatus({ error: `Your details could not be loaded. ${reason(error)}` });
      });
  }, []);

  if (!values) {
    return (
      <div className="account-form">
        <FormMessages error={status.error} />
        {!status.error && <p className="form-note">Loading your details…</p>}
      </div>
    );
  }

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    setValues((old) => (old ? { ...old, [name]: value } : old));
  };
  const field = (name: keyof typeof PROFILE_INPUTS) => ({
    ...PROFILE_INPUTS[name],
    id: `profile-${name}`,
    name,
    value: values[name],
    onChange: update,
    error: errors[name],
  });

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!values) return;
    const result = check(profileSchema, profileUpdate(values));
    flushSync(() => {
      setErrors(result.errors ?? {});
      setStatus({});
    });
    if (!result.output) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await api('/me/profile', { method: 'PUT', body: result.output });
      setFirstName(result.output.first_name);
      setStatus({ success: 'Your changes have been saved.' });
    } catch (error) {
      console.warn('Account details: not saved', error);
      setStatus({ error: `Your changes could not be saved. ${reason(error)}` });
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
      aria-labelledby="account-heading"
    >
      <RequiredNote />
      <div className="field-grid">
        <TextField {...field('first_name')} required />
        <TextField {...field('last_name')} required />
        <TextField id="profile-email" name="email" label="Email" type="email" value={values.email} readOnly />
        <TextField {...field('phone')} />
        <TextField {...field('address_1')} required />
        <TextField {...field('address_2')} />
        <TextField {...field('city')} required />
        <SelectField {...field('state')} options={US_STATES} required />
        <TextField {...field('zip')} required />
      </div>
      <FormMessages error={status.error} success={status.success} />
      <button type="submit" className="button" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}
