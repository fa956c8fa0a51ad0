// Small helpers the account islands share: schema checks that give one message per field, and
// moving focus to the first field that needs attention after a failed submit.
import * as v from 'valibot';
import { fieldErrors } from '../../lib/fields.ts';

export type Errors = Record<string, string>;

/** Validates with a shared schema; returns the parsed output or the first message per field. */
export function check<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { output: v.InferOutput<S>; errors: null } | { output: null; errors: Errors } {
  const result = v.safeParse(schema, values);
  if (result.success) return { output: result.output, errors: null };
  return { output: null, errors: fieldErrors(result.issues) };
}

/** Call after the errors have rendered (flushSync) so aria-invalid is already in the DOM. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Reads the string fields of an object (form state) for the `required` check. */
export const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
