// The fleet form's personal guaranty (product.md 3, 4): shown only when the guaranty question is
// answered 'Yes', for up to three guarantors. The first guarantor is then required; a second or
// third is optional, but once any of their fields is filled, all of theirs are.
import type * as v from 'valibot';
import { addressSchema } from './address.ts';
import { required, signature, slashDate, ssn, streetAddress, usPhone } from './rules.ts';

export const GUARANTOR_NUMBERS = [1, 2, 3] as const;

/** The fields of guarantor n, in the order the form shows them. */
export const guarantorFields = (n: number) =>
  ({
    [`g${n}_signature`]: signature,
    [`g${n}_date`]: slashDate('Date'),
    [`g${n}_name`]: required('Print name', 60),
    [`g${n}_ssn`]: ssn(),
    [`g${n}_address`]: streetAddress('Residential address'),
    ...addressSchema({ prefix: `g${n}`, required: true, zip: 'zip' }),
    [`g${n}_phone`]: usPhone('Phone'),
    [`g${n}_dob`]: slashDate('Date of birth'),
  }) as Record<string, v.GenericSchema>;

export const GUARANTOR_KEYS = GUARANTOR_NUMBERS.flatMap((n) => Object.keys(guarantorFields(n)));

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Guarantor n takes part when it is the first one or any of its fields has a value. */
export function guarantorStarted(input: Record<string, unknown>, n: number): boolean {
  return n === 1 || Object.keys(guarantorFields(n)).some((key) => filled(input[key]));
}

export const wantsGuaranty = (input: Record<string, unknown>): boolean => {
  const answer = input.guaranty;
  return Array.isArray(answer) ? answer.includes('yes') : answer === 'yes';
};

/** The guarantors' fields to validate for this input (none unless the answer is Yes). */
export function guarantyEntries(input: Record<string, unknown>): Record<string, v.GenericSchema> {
  if (!wantsGuaranty(input)) return {};
  return Object.assign(
    {},
    ...GUARANTOR_NUMBERS.filter((n) => guarantorStarted(input, n)).map((n) => guarantorFields(n)),
  );
}
