// /account: the account details form (product.md 2.6). Loads GET /me/profile, saves with PUT /me/profile
// and keeps the cached first name (the greetings) in step with what was saved.
import type { ChangeEvent } from 'react';
import { FormMessages, RequiredNote, SelectField, TextField } from '../../components/form/Fields.tsx';
import { US_STATES } from '../../lib/us-states.ts';
import { api, read } from '../session/api.ts';
import { setFirstName } from '../session/session.ts';
import { profileSchema } from './account.ts';
import { PROFILE_INPUTS, profileUpdate, toProfileValues } from './profile.ts';
import { useSavedForm } from './useSavedForm.ts';

export default function ProfileForm() {
  const { formRef, values, setField, errors, status, busy, submit } = useSavedForm({
    name: 'Account details',
    fromProfile: toProfileValues,
    schema: profileSchema,
    toBody: profileUpdate,
    save: (json) => read(api.me.profile.$put({ json })),
    onLoaded: (answer) => setFirstName(answer.first_name),
    onSaved: (saved) => setFirstName(saved.first_name),
    messages: {
      loadFailed: 'Your details could not be loaded.',
      saved: 'Your changes have been saved.',
      saveFailed: 'Your changes could not be saved.',
    },
  });

  if (!values) {
    return (
      <div className="account-form">
        <FormMessages error={status.error} />
        {!status.error && <p className="form-note">Loading your details…</p>}
      </div>
    );
  }

  const field = (name: keyof typeof PROFILE_INPUTS) => ({
    ...PROFILE_INPUTS[name],
    id: `profile-${name}`,
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setField(name, event.target.value),
    error: errors[name],
  });

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
