// /account/vip: Become VIP (SPEC 2.6; saving is real per DESIGN). The two numbers are read from
// the profile and saved with PUT /me/vip.
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, api } from '../session/api';
import { vipSchema } from './account';
import { FormMessages, TextField } from './Fields';
import { check, type Errors, focusFirstInvalid } from './form';
import { type ProfileAnswer, toVipValues } from './profile';

type VipValues = ReturnType<typeof toVipValues>;
const reason = (error: unknown) => (error instanceof ApiError ? error.description : String(error));

export default function VipForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<VipValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<ProfileAnswer>('/me/profile')
      .then((answer) => setValues(toVipValues(answer)))
      .catch((error: unknown) => {
        console.warn('VIP numbers not loaded', error);
        if (error instanceof ApiError && error.status === 401) return;
        setValues(toVipValues({}));
        setStatus({ error: `Your saved numbers could not be loaded. ${reason(error)}` });
      });
  }, []);

  if (!values) return <p className="form-note">Loading…</p>;

  const field = (name: keyof VipValues, label: string) => ({
    id: `vip-${name}`,
    name,
    label,
    value: values[name],
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((old) => (old ? { ...old, [name]: event.target.value } : old)),
    error: errors[name],
  });

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const result = check(vipSchema, values);
    flushSync(() => {
      setErrors(result.errors ?? {});
      setStatus({});
    });
    if (!result.output) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await api('/me/vip', { method: 'PUT', body: result.output });
      setStatus({ success: 'Your VIP registration numbers have been saved.' });
    } catch (error) {
      console.warn('VIP numbers not saved', error);
      setStatus({ error: `Your numbers could not be saved. ${reason(error)}` });
    } finally {
      setBusy(false);
    }
  }

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
