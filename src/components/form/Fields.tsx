// Accessible form controls for every island's forms: a visible label with a required marker, the
// error tied to the control (aria-invalid + aria-describedby), and optional help text.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import './fields.css';

interface Common {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  /** Id of extra help text (e.g. the password rules) the control is described by. */
  describedBy?: string;
}

const describedBy = (id: string, error?: string, extra?: string): string | undefined =>
  [extra, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

export function Label({ id, label, required }: Pick<Common, 'id' | 'label' | 'required'>) {
  return (
    <label htmlFor={id}>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

export const ErrorText = ({ id, error }: { id: string; error?: string | undefined }) =>
  error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;

type InputProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { children?: ReactNode };

export function TextField({
  id,
  label,
  error,
  required,
  describedBy: extra,
  children,
  ...input
}: InputProps) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, extra)}
        {...input}
      />
      {children}
      <ErrorText id={id} error={error} />
    </div>
  );
}

type SelectProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly (readonly [string, string])[];
    children?: ReactNode;
    /** The empty first choice (the state lists say 'Select a state'). */
    placeholder?: string;
  };

export function SelectField({
  id,
  label,
  error,
  required,
  describedBy: extra,
  options,
  children,
  placeholder = 'Select a state',
  ...select
}: SelectProps) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, extra)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      {children}
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** Both live regions are always present, so screen readers announce what appears in them. */
export function FormMessages({ error, success }: { error?: ReactNode; success?: ReactNode }) {
  return (
    <>
      <div role="alert" className={error ? 'form-message form-message--error' : 'form-message'}>
        {error}
      </div>
      <div role="status" className={success ? 'form-message form-message--success' : 'form-message'}>
        {success}
      </div>
    </>
  );
}

export const RequiredNote = () => <p className="form-note">Fields marked * are required.</p>;

/** A trap for bots (product.md 5.1): people never see or reach this field; anything typed in it is refused. */
export function TrapField({ id, value, onChange }: Pick<InputProps, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="trap" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        value={value}
        onChange={onChange}
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
