// What both application forms share around their sections: the form state in context, the
// required-fields note, the bot trap, the human check, product.md 5.6's message, the Submit Form button,
// and, once sent, the thank-you with the reference number in place of the form.
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { TrapField } from '../../components/form/Fields.tsx';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { FormContext } from './ApplicationControls.tsx';
import type { useApplication } from './useApplication.ts';

type State = ReturnType<typeof useApplication>;

// The progress bar arrives with the first send, as the sender does (submit.ts): the form's page keeps
// its budget of script up front (tests/e2e/budgets.spec.ts).
const UploadStatus = lazy(() => import('./UploadStatus.tsx'));

function Sent({ title, reference }: { title: string; reference: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="application-sent" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Thank you: your application was received
      </h2>
      <p>
        Your {title.toLowerCase()} reference number is <strong>{reference}</strong>. We have emailed it to
        you; please mention it if you contact us about your application.
      </p>
    </div>
  );
}

export default function ApplicationShell({ state, children }: { state: State; children: ReactNode }) {
  const { info, formRef, form, message, reference, busy, submit, setHumanToken, resetKey, progress, cancel } =
    state;
  const { kind, title } = info;
  const website = String(form.values.website ?? '');
  const { set } = form;
  // Made again only when its value changes, as the controls (ApplicationControls.tsx).
  const trap = useMemo(
    () => (
      <TrapField
        id={`${kind}-website`}
        value={website}
        onChange={(event) => set('website', event.target.value)}
      />
    ),
    [kind, website, set],
  );
  if (reference) return <Sent title={title} reference={reference} />;
  return (
    <FormContext.Provider value={{ ...form, prefix: kind }}>
      <form ref={formRef} className="application" noValidate onSubmit={submit} aria-label={title}>
        <p className="form-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        {children}
        {trap}
        <HumanCheck action={kind} onToken={setHumanToken} resetKey={resetKey} />
        <div role="alert" className={message ? 'form-message form-message--error' : 'form-message'}>
          {message}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending…' : 'Submit Form'}
        </button>
        {progress && (
          <Suspense fallback={null}>
            <UploadStatus progress={progress} onCancel={cancel} />
          </Suspense>
        )}
      </form>
    </FormContext.Provider>
  );
}
