// The controls of the application forms, bound to the form's state through context: each has a
// visible label (with * when required), an optional hint and its message beside it, tied to the
// control with aria-describedby and aria-invalid (the first invalid one gets focus on submit).
// Each control reads the form's context, then draws its markup in a memo'd view that gets only its
// own value and message: a change (typing, the draft restored after hydration) re-commits the
// controls it touched, not the fleet form's 150 inputs (bench/results/analysis.md), so `set` and
// the handlers given to a control must stay the same between renders.
import { createContext, type InputHTMLAttributes, memo, type ReactNode, useContext } from 'react';
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
type Set = ApplicationForm['set'];
/** What a view gets besides its caller's props: its id, value, message and the setter. */
interface Bound {
  id: string;
  value: string;
  error?: string;
  set: Set;
}

/** A control's id, value, message and setter, from the form's context: what its memo'd view gets. */
export function useBound(name: string, empty = ''): Bound {
  const { prefix, values, errors, set } = useForm();
  return { id: `${prefix}-${name}`, value: String(values[name] ?? empty), error: errors[name], set };
}

export function Text(props: TextProps) {
  return <TextView {...props} {...useBound(props.name)} />;
}

const TextView = memo(function TextView({
  name,
  label,
  required,
  hint,
  wide,
  id,
  value,
  error,
  set,
  ...input
}: TextProps & Bound) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type="text"
        value={value}
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
});

type TextAreaProps = Common & { maxLength: number };

export function TextArea(props: TextAreaProps) {
  return <TextAreaView {...props} {...useBound(props.name)} />;
}

const TextAreaView = memo(function TextAreaView({
  name,
  label,
  maxLength,
  id,
  value,
  error,
  set,
}: TextAreaProps & Bound) {
  return (
    <div className="field field--wide">
      <Label id={id} label={label} />
      <textarea
        id={id}
        name={name}
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      />
      <Message id={id} text={error} />
    </div>
  );
});

type Options = readonly (readonly [string, string])[];

// A list's <option>s made once and reused: React skips elements it rendered before, so a change
// anywhere in the form does not walk the fleet form's 500 options (six state lists, the minutes).
const madeOptions = new WeakMap<Options, ReactNode>();
function optionElements(options: Options): ReactNode {
  let made = madeOptions.get(options);
  if (!made) {
    made = options.map(([value, text]) => (
      <option key={value} value={value}>
        {text}
      </option>
    ));
    madeOptions.set(options, made);
  }
  return made;
}

type SelectProps = Common & { options: Options; placeholder?: string };

export function Select(props: SelectProps) {
  return <SelectView {...props} {...useBound(props.name)} />;
}

const SelectView = memo(function SelectView({
  name,
  label,
  required,
  hint,
  options,
  placeholder = 'Select',
  id,
  value,
  error,
  set,
}: SelectProps & Bound) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => set(name, event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        <option value="">{placeholder}</option>
        {optionElements(options)}
      </select>
      <Hint id={id} hint={hint} />
      <Message id={id} text={error} />
    </div>
  );
});

type ChoicesProps = Common & { options: Options; multiple?: boolean; children?: ReactNode };

/** Radio buttons (one answer) or checkboxes (several; the value is a list). */
export function Choices(props: ChoicesProps) {
  const { prefix, values, errors, set } = useForm();
  const { name } = props;
  return (
    <ChoicesView {...props} id={`${prefix}-${name}`} current={values[name]} error={errors[name]} set={set} />
  );
}

const ChoicesView = memo(function ChoicesView({
  name,
  label,
  required,
  hint,
  options,
  multiple = false,
  children,
  id,
  current,
  error,
  set,
}: ChoicesProps & Omit<Bound, 'value'> & { current: unknown }) {
  const chosen = Array.isArray(current) ? current : current ? [current] : [];
  const toggle = (value: string, on: boolean) =>
    set(name, multiple ? (on ? [...chosen, value] : chosen.filter((item) => item !== value)) : value);
  return (
    <fieldset className="choices" aria-describedby={describedBy(id, hint, error)}>
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
            aria-invalid={error ? true : undefined}
          />{' '}
          {text}
        </label>
      ))}
      {children}
      <Message id={id} text={error} />
    </fieldset>
  );
});

type SliderProps = Common & { min: number; max: number };

export function Slider(props: SliderProps) {
  return <SliderView {...props} {...useBound(props.name, String(props.min))} />;
}

const SliderView = memo(function SliderView({
  name,
  label,
  min,
  max,
  required,
  id,
  value,
  error,
  set,
}: SliderProps & Bound) {
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
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
        />
        <output htmlFor={id}>{value}</output>
      </div>
      <Message id={id} text={error} />
    </div>
  );
});

/** One checkbox whose value is 'yes' or ''. */
export function Check(props: Common) {
  return <CheckView {...props} {...useBound(props.name)} />;
}

const CheckView = memo(function CheckView({ name, label, id, value, set }: Common & Bound) {
  return (
    <label className="check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={value === 'yes'}
        onChange={(event) => set(name, event.target.checked ? 'yes' : '')}
      />{' '}
      {label}
    </label>
  );
});
