// An optional financial statement (product.md 3, 4, 5.6, 8): the chosen file's name or 'No File
// Chosen', a Remove button that returns to 'No File Chosen', and the provider's type message for
// a file of another type (checked by name and size here, by content on the server).
import { memo, useContext, useRef } from 'react';
import { FormContext, Message } from './ApplicationControls.tsx';
import { MAX_UPLOAD_LABEL, NO_FILE, UPLOAD_ACCEPT, uploadProblem } from './uploads.ts';
import type { ApplicationForm } from './useApplication.ts';

interface Props {
  name: string;
  label: string;
}

/** The field's own file and message into a memo'd view, as the other controls (ApplicationControls.tsx). */
export default function FileField(props: Props) {
  const { prefix, files, errors, setFile } = useContext(FormContext);
  const { name } = props;
  return (
    <FileFieldView
      {...props}
      id={`${prefix}-${name}`}
      file={files[name] ?? null}
      error={errors[name]}
      setFile={setFile}
    />
  );
}

const FileFieldView = memo(function FileFieldView({
  name,
  label,
  id,
  file,
  error,
  setFile,
}: Props & { id: string; file: File | null; error?: string; setFile: ApplicationForm['setFile'] }) {
  const input = useRef<HTMLInputElement>(null);

  function choose(chosen: File | undefined) {
    if (!chosen) return setFile(name, null);
    const problem = uploadProblem(chosen);
    if (problem && input.current) input.current.value = '';
    setFile(name, problem ? null : chosen, problem);
  }

  function remove() {
    if (input.current) input.current.value = '';
    setFile(name, null);
    input.current?.focus();
  }

  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept={UPLOAD_ACCEPT}
        onChange={(event) => choose(event.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-status ${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p className="file-field__status" id={`${id}-status`} aria-live="polite">
        {file ? file.name : NO_FILE}
        {file && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={remove}>
              Remove<span className="visually-hidden"> {file.name}</span>
            </button>
          </>
        )}
      </p>
      <p className="field__hint" id={`${id}-hint`}>
        Optional; at most {MAX_UPLOAD_LABEL}.
      </p>
      <Message id={id} text={error} />
    </div>
  );
});
