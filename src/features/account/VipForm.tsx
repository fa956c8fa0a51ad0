// /account/vip: Become VIP (product.md 2.6; saving is real: docs/architecture.md, departures). The two numbers are read from
// the profile and saved with PUT /me/vip.
import type { ChangeEvent } from 'react';
import { FormMessages, TextField } from '../../components/form/Fields.tsx';
import { api, read } from '../session/api.ts';
import { vipSchema } from './account.ts';
import { toVipValues } from './profile.ts';
import { useSavedForm } from './useSavedForm.ts';

type VipValues = ReturnType<typeof toVipValues>;

export default function VipForm() {
  const { formRef, values, setField, errors, status, busy, submit } = useSavedForm({
    name: 'VIP numbers',
    fromProfile: toVipValues,
    // The numbers can still be entered when the saved ones could not be read.
    fallback: toVipValues({}),
    schema: vipSchema,
    save: (json) => read(api.me.vip.$put({ json })),
    messages: {
      loadFailed: 'Your saved numbers could not be loaded.',
      saved: 'Your VIP registration numbers have been saved.',
      saveFailed: 'Your numbers could not be saved.',
    },
  });

  if (!values) return <p className="form-note">Loading…</p>;

  const field = (name: keyof VipValues, label: string) => ({
    id: `vip-${name}`,
    name,
    label,
    value: values[name],
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(name, event.target.value),
    error: errors[name],
  });

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
      <TextField {...field('registration_number', 'Registration number')} />
      <TextField {...field('secondary_number', 'Secondary number')} />
      <FormMessages error={status.error} success={status.success} />
      <button type="submit" className="button" disabled={busy}>
        Save
      </button>
    </form>
  );
}
