// The load-then-save cycle the account details and VIP forms share: read GET /me/profile into form
// values, check them with a shared schema, PUT them, and say what happened in one status line.
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type * as v from 'valibot';
import { ApiError, api } from '../session/api';
import { check, type Errors, focusFirstInvalid } from './form';
import type { ProfileAnswer } from './profile';

/** The server's own sentence when it gave one, so the visitor learns what to fix. */
export const reason = (error: unknown): string =>
  error instanceof ApiError ? error.description : String(error);

export interface SavedFormOptions<V, S extends v.GenericSchema> {
  /** Names the form in console messages. */
  name: string;
  fromProfile: (answer: ProfileAnswer) => V;
  /** Values to edit when loading fails; without it only the error is shown. */
  fallback?: V;
  schema: S;
  /** What the schema checks (default: the values as they are). */
  toBody?: (values: V) => unknown;
  /** The PUT path that saves the checked values. */
  path: string;
  onLoaded?: (answer: ProfileAnswer) => void;
  onSaved?: (saved: v.InferOutput<S>) => void;
  messages: { loadFailed: string; saved: string; saveFailed: string };
}

export type SavedFormStatus = { error?: string; success?: string };

export function useSavedForm<V, S extends v.GenericSchema>(options: SavedFormOptions<V, S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<SavedFormStatus>({});
  const [busy, setBusy] = useState(false);
  // The options object is new on every render; loading happens once, with the first one.
  const first = useRef(options);

  useEffect(() => {
    const { name, fromProfile, fallback, onLoaded, messages } = first.current;
    api<ProfileAnswer>('/me/profile')
      .then((answer) => {
        setValues(fromProfile(answer));
        onLoaded?.(answer);
      })
      .catch((error: unknown) => {
        console.warn(`${name}: not loaded`, error);
        // A 401 is already on its way to the sign-in page.
        if (error instanceof ApiError && error.status === 401) return;
        if (fallback !== undefined) setValues(fallback);
        setStatus({ error: `${messages.loadFailed} ${reason(error)}` });
      });
  }, []);

  /** Changes one field; the name is the form value's key. */
  const setField = (name: keyof V, value: string) =>
    setValues((old) => (old ? { ...old, [name]: value } : old));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!values) return;
    const { name, schema, toBody, path, onSaved, messages } = options;
    const result = check(schema, toBody ? toBody(values) : values);
    flushSync(() => {
      setErrors(result.errors ?? {});
      setStatus({});
    });
    if (!result.output) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await api(path, { method: 'PUT', body: result.output });
      onSaved?.(result.output);
      setStatus({ success: messages.saved });
    } catch (error) {
      console.warn(`${name}: not saved`, error);
      setStatus({ error: `${messages.saveFailed} ${reason(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return { formRef, values, setField, errors, status, busy, submit };
}
