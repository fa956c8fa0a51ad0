// The one way a form submits (every island form: sign-in, sign-up, password forms, account details,
// VIP, delete, and the features' forms): check on the client (usually the shared schema), show the
// errors beside the fields and move the focus to the first, keep the button busy during the call,
// then say what happened in the form's status line (failures through errorText, the one way an
// error answer becomes text).
import { type RefObject, type SubmitEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, type ErrorTextOptions, errorText } from '../../lib/api-client.ts';
import { type Errors, focusFirstInvalid } from './form.ts';

/** A client-side check: errors beside fields and/or one message for the form; `output` to send. */
export interface Checked<O> {
  output?: O | null;
  errors?: Errors | null;
  message?: string | null;
}

export interface SubmitOptions<O> {
  /** Names the form in console messages. */
  name: string;
  /** Runs first; nothing is sent while it reports errors or a message. Usually `check(schema, values)`. */
  check: () => Checked<O>;
  /** The call(s); resolves with the success text to show (a string), if any. */
  send: (output: O) => Promise<unknown>;
  /** How a failure reads (errorText's lead and general text), or a function of the failure for them. */
  failure?: ErrorTextOptions | ((error: unknown) => ErrorTextOptions);
  /** After a failure has been shown, its messages in the DOM (e.g. start the human check over). */
  onFailure?: (error: unknown) => void;
  /** The page is left on success (the button stays busy until it is gone). */
  leaves?: boolean;
}

export interface FormStatus {
  error?: string | null;
  success?: string | null;
}

export function useSubmit<O>(options: SubmitOptions<O>) {
  const formRef: RefObject<HTMLFormElement | null> = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<FormStatus>({});
  const [busy, setBusy] = useState(false);

  async function submit(event?: SubmitEvent) {
    event?.preventDefault();
    const { name, check, send, failure, onFailure, leaves } = options;
    const checked = check();
    const found = checked.errors ?? {};
    // Rendered before the focus moves, so aria-invalid is already in the DOM.
    flushSync(() => {
      setErrors(found);
      setStatus({ error: checked.message ?? null });
    });
    if (checked.message || Object.keys(found).length > 0 || checked.output == null) {
      return focusFirstInvalid(formRef.current);
    }
    setBusy(true);
    let done = false;
    try {
      const success = await send(checked.output);
      setStatus({ success: typeof success === 'string' ? success : null });
      done = true;
    } catch (error) {
      console.warn(`${name}: failed`, error);
      // Rendered at once, so that onFailure finds the messages (and aria-invalid) in the DOM.
      flushSync(() => {
        setStatus({ error: errorText(error, typeof failure === 'function' ? failure(error) : failure) });
        // The server's own messages per field go beside the fields too.
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      });
      onFailure?.(error);
    } finally {
      if (!(done && leaves)) setBusy(false);
    }
  }

  return { formRef, errors, setErrors, status, setStatus, busy, submit };
}
