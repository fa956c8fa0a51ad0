// The one way a form submits (every island form: sign-in, sign-up, password forms, account details,
// VIP, delete, and the features' forms): check on the client (usually the shared schema), show the
// errors beside the fields and move the focus to the first, keep the button busy during the call,
// then say what happened in the form's status line (failures through errorText, the one way an
// error answer becomes text). Each filled form's requests carry one Idempotency-Key, made anew when
// what is sent changes or after a success, so a retry after a lost answer gets the first answer
// instead of storing twice (docs/decisions/0016-retries-uploads-and-lingering-close.md).
import { type RefObject, type SubmitEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  ApiError,
  type ErrorTextOptions,
  errorText,
  newIdempotencyKey,
  refuseWhenOffline,
  withIdempotencyKey,
} from '../../lib/api-client.ts';
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
  /**
   * What is sent, as text: a new Idempotency-Key when it changes (default: `output` as JSON; a form
   * with files adds them, which `output` does not hold).
   */
  content?: (output: O) => string;
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
  const submission = useRef<{ content: string; key: string } | null>(null);

  async function submit(event?: SubmitEvent) {
    event?.preventDefault();
    const { name, check, send, failure, onFailure, leaves, content = JSON.stringify } = options;
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
    const output = checked.output;
    const sent = content(output);
    if (submission.current?.content !== sent)
      submission.current = { content: sent, key: newIdempotencyKey() };
    try {
      refuseWhenOffline(); // said at once, before any wait of the form's own (a ticket's minimum time)
      const success = await withIdempotencyKey(submission.current.key, () => send(output));
      submission.current = null; // the next submission is a new one
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
