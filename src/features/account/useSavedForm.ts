// The load-then-save cycle the account details and VIP forms share: read GET /me/profile into form
// values, then submit through the one submit hook (check with a shared schema, save, one status line).
import { useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { check } from '../../components/form/form.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { ApiError, api, errorText, read } from '../session/api.ts';
import type { ProfileAnswer } from './profile.ts';

export interface SavedFormOptions<V, S extends v.GenericSchema> {
  /** Names the form in console messages. */
  name: string;
  fromProfile: (answer: ProfileAnswer) => V;
  /** Values to edit when loading fails; without it only the error is shown. */
  fallback?: V;
  schema: S;
  /** What the schema checks (default: the values as they are). */
  toBody?: (values: V) => unknown;
  /** The call that saves the checked values. */
  save: (checked: v.InferOutput<S>) => Promise<unknown>;
  onLoaded?: (answer: ProfileAnswer) => void;
  onSaved?: (saved: v.InferOutput<S>) => void;
  messages: { loadFailed: string; saved: string; saveFailed: string };
}

export function useSavedForm<V, S extends v.GenericSchema>(options: SavedFormOptions<V, S>) {
  const [values, setValues] = useState<V | null>(null);
  // The options object is new on every render; loading happens once, with the first one.
  const first = useRef(options);

  const form = useSubmit<v.InferOutput<S>>({
    name: options.name,
    check: () => (values ? check(options.schema, options.toBody ? options.toBody(values) : values) : {}),
    async send(checked) {
      await options.save(checked);
      options.onSaved?.(checked);
      return options.messages.saved;
    },
    failure: { lead: options.messages.saveFailed },
  });
  const { setStatus } = form;

  useEffect(() => {
    const { name, fromProfile, fallback, onLoaded, messages } = first.current;
    read(api.me.profile.$get())
      .then((answer) => {
        setValues(fromProfile(answer));
        onLoaded?.(answer);
      })
      .catch((error: unknown) => {
        console.warn(`${name}: not loaded`, error);
        // A 401 is already on its way to the sign-in page.
        if (error instanceof ApiError && error.status === 401) return;
        if (fallback !== undefined) setValues(fallback);
        setStatus({ error: errorText(error, { lead: messages.loadFailed }) });
      });
  }, [setStatus]);

  /** Changes one field; the name is the form value's key. */
  const setField = (name: keyof V, value: string) =>
    setValues((old) => (old ? { ...old, [name]: value } : old));

  return { ...form, values, setField };
}
