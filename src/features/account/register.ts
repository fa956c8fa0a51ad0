// The sign-up rules of SPEC 5.2 as plain functions, so the island stays small and the order of
// the checks is tested: trap, dwell time, attempts per hour, required fields, formats, human check.
import { MESSAGES, signUpFormSchema } from './account';
import { blank, check, type Errors } from './form';
import { GUARD_MESSAGES, guardMessage } from './guards';

export const REGISTER_ATTEMPTS_KEY = 'register_attempts';

export const emptySignUp = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  newsletter: true,
  offers: true,
  website: '',
};
export type SignUpValues = typeof emptySignUp;

/** SPEC 5.2's required list, plus email, which the account cannot exist without. */
export const REQUIRED_SIGN_UP = [
  'first_name',
  'last_name',
  'email',
  'password',
  'address_1',
  'city',
  'state',
  'zip',
] as const satisfies readonly (keyof SignUpValues)[];

export interface SignUpContext {
  loadedAt: number;
  now: number;
  attempts: number;
  humanToken: string | null;
}

export interface SignUpProblems {
  message: string | null;
  errors: Errors;
}

/** Everything wrong with a submission, in SPEC order; an empty message and no errors means send it. */
export function signUpProblems(values: SignUpValues, context: SignUpContext): SignUpProblems {
  const guard = guardMessage({ trap: values.website, ...context });
  if (guard) return { message: guard, errors: {} };
  const { errors } = check(signUpFormSchema, values);
  if (errors) {
    const missing = REQUIRED_SIGN_UP.some((name) => blank(values[name]));
    return { message: missing ? MESSAGES.requiredFields : null, errors };
  }
  if (!context.humanToken) return { message: GUARD_MESSAGES.humanCheck, errors: {} };
  return { message: null, errors: {} };
}

/** The mailing lists the visitor ticked (SPEC 9: news and offers). */
export const chosenLists = (values: SignUpValues): ('news' | 'offers')[] => [
  ...(values.newsletter ? (['news'] as const) : []),
  ...(values.offers ? (['offers'] as const) : []),
];

/** PUT /me/profile body (SPEC 7). */
export const profileBody = (values: SignUpValues) => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  address_1: values.address_1.trim(),
  address_2: values.address_2.trim(),
  city: values.city.trim(),
  state: values.state,
  zip: values.zip.trim(),
  phone: values.phone.trim(),
});
