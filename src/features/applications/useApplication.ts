// State and submission of an application island: the values (restored from the draft after a
// reload, saved as the visitor types), the chosen files, the messages beside the fields and product.md
// 5.6's message above the button, the form ticket and human check, and the multipart submission.
// Submitting goes through the one submit hook (useSubmit), as every island form does.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { type Errors, focusFirstInvalid } from '../../components/form/form.ts';
import { useFormTicket } from '../../components/form/useFormTicket.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { ApiError, NETWORK_MESSAGE } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/fields.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import type { UploadProgress } from '../../lib/upload.ts';
import { clearDraft, readDraft, type Values, writeDraft } from './draft.ts';
import { type KindInfo, parseApplication } from './kind.ts';
import { summaryMessage } from './rules.ts';
import { uploadProblem } from './uploads.ts';

/**
 * The sending code (submit.ts) is fetched once the visitor starts filling the form, not with it: a
 * reader who never applies does not pay for it (bench/page-weight.ts). A fetch that fails (a
 * dropped connection) is told at Submit as a failed send, and the next Submit fetches again.
 */
let sending: Promise<typeof import('./submit')> | undefined;
const loadSending = () => {
  sending ??= import('./submit.ts').catch(() => {
    sending = undefined;
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  });
  return sending;
};

/** Said when the applicant cancelled the upload: nothing is lost, Submit sends it again. */
export const UPLOAD_CANCELLED =
  'Sending was cancelled; your application was not sent. Everything you entered is kept: press Submit Form to send it.';
const isCancelled = (error: unknown) => (error as Error)?.name === 'AbortError';

export interface ApplicationForm {
  values: Values;
  errors: Errors;
  set: (name: string, value: unknown) => void;
  files: Record<string, File | null>;
  setFile: (name: string, file: File | null, problem?: string | null) => void;
}

/**
 * `initial` renders on the server and in the browser alike; `atMount` adds what only the browser
 * knows (today's date, the user agent), after the restored draft.
 */
export function useApplication(info: KindInfo, initial: () => Values, atMount?: () => Values) {
  const { kind, secrets } = info;
  const [values, setValues] = useState<Values>(initial);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [reference, setReference] = useState<string | null>(null);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const ticket = useFormTicket(kind);
  const restored = useRef(false);
  // The upload's progress while it is sent (minutes on a slow uplink), and the way to cancel it.
  const [progress, setProgress] = useState<(UploadProgress & { startedAt: number }) | null>(null);
  const cancelling = useRef<AbortController | null>(null);

  const { formRef, errors, setErrors, status, busy, submit } = useSubmit({
    name: `Application (${kind})`,
    check() {
      const result = parseApplication(info, values, Date.now());
      const found: Errors = result.success ? {} : fieldErrors(result.issues);
      for (const [name, file] of Object.entries(files)) {
        const problem = file && uploadProblem(file);
        if (problem) found[name] = problem;
      }
      let message = result.success ? null : summaryMessage(result.issues);
      if (!message && Object.keys(found).length > 0) message = summaryMessage([]);
      if (!message && !humanToken) message = GUARD_MESSAGES.humanCheck;
      return { output: result.success ? result.output : null, errors: found, message };
    },
    // What is sent includes the chosen files, which `output` does not hold: another file, another key.
    content: (output) =>
      JSON.stringify([
        output,
        Object.entries(files).map(([name, file]) => file && [name, file.name, file.size, file.lastModified]),
      ]),
    async send(output) {
      const { sendApplication, toForm } = await loadSending();
      // product.md gives these forms no minimum time: a quick applicant waits out the ticket's.
      await ticket.ready();
      const controller = new AbortController();
      cancelling.current = controller;
      const startedAt = Date.now();
      try {
        const answer = await sendApplication(
          kind,
          toForm(info, output, files),
          {
            website: String(values.website ?? ''),
            form_ticket: ticket.value,
            human_check_token: humanToken ?? '',
          },
          { signal: controller.signal, onProgress: (sent) => setProgress({ ...sent, startedAt }) },
        );
        clearDraft(kind);
        setReference(answer.reference);
      } finally {
        cancelling.current = null;
        setProgress(null);
      }
    },
    // product.md 5.6: the server's own sentence, whatever the status (our 503 says to come back later).
    failure: (error) =>
      isCancelled(error)
        ? { general: UPLOAD_CANCELLED }
        : { general: error instanceof ApiError ? error.description : undefined },
    onFailure(error) {
      // A human-check token is single use; a refused ticket is fetched again.
      setHumanToken(null);
      setResetKey((key) => key + 1);
      ticket.renewIfRefused(error);
      focusFirstInvalid(formRef.current);
    },
  });

  // After hydration (the server rendered an empty form): restore the draft. As a transition, so
  // React renders the whole form again in short slices, not one long task the phone cannot answer
  // input in (the fleet form's total blocking time, bench/results/analysis.md); typing comes first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for this kind
  useEffect(() => {
    const draft = readDraft(kind, secrets);
    startTransition(() => setValues((old) => ({ ...old, ...draft, ...atMount?.() })));
    restored.current = true;
  }, [kind]);

  useEffect(() => {
    if (restored.current && !reference) writeDraft(kind, values, secrets);
  }, [kind, values, secrets, reference]);

  // The same functions on every render: the controls' views are memo'd on them (ApplicationControls.tsx).
  const set = useCallback(
    (name: string, value: unknown) => {
      loadSending().catch(() => {});
      setValues((old) => ({ ...old, [name]: value }));
      setErrors((old) => (old[name] ? { ...old, [name]: '' } : old));
    },
    [setErrors],
  );
  const setFile = useCallback(
    (name: string, file: File | null, problem: string | null = null) => {
      setFiles((old) => ({ ...old, [name]: file }));
      setErrors((old) => ({ ...old, [name]: problem ?? '' }));
    },
    [setErrors],
  );

  const form: ApplicationForm = { values, errors, set, files, setFile };
  const message = status.error ?? null;
  const cancel = () => cancelling.current?.abort();
  return { info, formRef, form, message, reference, busy, submit, setHumanToken, resetKey, progress, cancel };
}
