// The controls of the application forms, bound to the form's state through context: each has a
// visible label (with * when required), an optional hint and its message beside it, tied to the
// control with aria-describedby and aria-invalid (the first invalid one gets focus on submit).
import { createContext, type InputHTMLAttributes, type ReactNode, useContext } from 'react';
import { ErrorText, Label } from '../../components/form/Fields.tsx';
import type { ApplicationForm } from './useApplication.ts';

export const FormContext = createContext<ApplicationForm & { prefix: string }>(null as never);
const useForm = () => useContext(FormContext);

interface Common {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** The message beside a field (the account forms' markup, so both look and read the same). */
export const Message = ({ id, text }: { id: string; text?: string }) => <ErrorText id={id} error={text} />;

const Hint = ({ id, hint }: { id: string; hint?: string }) =>
  hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;

type TextProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & { wide?: boolean };

export function Text({ name, label, required, hint, wide, ...input }: TextProps) {
  const { prefix, values, errors, set } = useForm();
  const id = `${prefix}-${name}`;
  const error = errors[name];
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type="text"
        value={String(values[name] ?? '')}
        onChange={(event) => set(name, event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Hint id={id} hint={hint} />
      <Message id={id} text={error} />
    </div>
  );
}

export function TextArea({ name, label, maxLength }: Common & { maxLength: number }) {
  const { prefix, values, errors, set } = useForm();
  const id = `${prefix}-${name}`;
  return (
    <div className="field field--wide">
      <Label id={id} label={label} />
      <textarea
        id={id}
        name={name}
        rows={4}
        maxLength={maxLength}
        value={String(values[name] ?? '')}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(id, undefined, errors[name])}
      />
      <Message id={id} text={errors[name]} />
    </div>
  );
}

type Options = readonly (readonly [string, string])[];

export function Select({
  name,
  label,
  required,
  hint,
  options,
  placeholder = 'Select',
}: Common & { options: Options; placeholder?: string }) {
  const { prefix, values, errors, set } = useForm();
  const id = `${prefix}-${name}`;
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={String(values[name] ?? '')}
        onChange={(event) => set(name, event.target.value)}
        aria-required={required || undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(id, hint, errors[name])}
      >
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <Hint id={id} hint={hint} />
      <Message id={id} text={errors[name]} />
    </div>
  );
}

/** Radio buttons (one answer) or checkboxes (several; the value is a list). */
export function Choices({
  name,
  label,
  required,
  hint,
  options,
  multiple = false,
  children,
}: Common & { options: Options; multiple?: boolean; children?: ReactNode }) {
  const { prefix, values, errors, set } = useForm();
  const id = `${prefix}-${name}`;
  const current = values[name];
  const chosen = Array.isArray(current) ? current : current ? [current] : [];
  const toggle = (value: string, on: boolean) =>
    set(name, multiple ? (on ? [...chosen, value] : chosen.filter((item) => item !== value)) : value);
  return (
    <fieldset className="choices" aria-describedby={describedBy(id, hint, errors[name])}>
      <legend>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <Hint id={id} hint={hint} />
      {options.map(([value, text]) => (
        <label key={value}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={value}
            checked={chosen.includes(value)}
            onChange={(event) => toggle(value, event.target.checked)}
            aria-invalid={errors[name] ? true : undefined}
          />{' '}
          {text}
        </label>
      ))}
      {children}
      <Message id={id} text={errors[name]} />
    </fieldset>
  );
}

export function Slider({ name, label, min, max, required }: Common & { min: number; max: number }) {
  const { prefix, values, errors, set } = useForm();
  const id = `${prefix}-${name}`;
  const value = String(values[name] ?? min);
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <div className="slider">
        <input
          id={id}
          name={name}
          type="range"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(id, undefined, errors[name])}
        />
        <output htmlFor={id}>{value}</output>
      </div>
      <Message id={id} text={errors[name]} />
    </div>
  );
}

/** One checkbox whose value is 'yes' or ''. */
export function Check({ name, label }: Common) {
  const { prefix, values, set } = useForm();
  return (
    <label className="check" htmlFor={`${prefix}-${name}`}>
      <input
        id={`${prefix}-${name}`}
        type="checkbox"
        name={name}
        checked={values[name] === 'yes'}
        onChange={(event) => set(name, event.target.checked ? 'yes' : '')}
      />{' '}
      {label}
    </label>
  );
}
