// The sign-up rules of product.md 5.2 as plain functions, so the island stays small and the order of
// the checks is tested: trap, dwell time, attempts per hour, required fields, formats, human check.
// Then the calls after the checks (completeSignUp), tested with the API stood in.

import { blank, check, type Errors } from '../../components/form/form.ts';
import { guardMessage } from '../../components/form/guards.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { api, publicApi, read } from '../session/api.ts';
import { setFirstName, signIn } from '../session/session.ts';
import { MESSAGES, signUpFormSchema } from './account.ts';

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

/** product.md 5.2's required list, plus email, which the account cannot exist without. */
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

/** Everything wrong with a submission, in product.md order; an empty message and no errors means send it. */
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

/** The mailing lists the visitor ticked (product.md 9: news and offers). */
export const chosenLists = (values: SignUpValues): ('news' | 'offers')[] => [
  ...(values.newsletter ? (['news'] as const) : []),
  ...(values.offers ? (['offers'] as const) : []),
];

/** PUT /me/profile body (product.md 7). */
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

/** What the island hands over once every check has passed. */
export interface SignUpRequest {
  values: SignUpValues;
  formTicket: string;
  humanToken: string | null;
}

/** For steps whose failure must not stop sign-up: the visitor goes on, the console keeps the cause. */
export const logOnly = (what: string) => (error: unknown) =>
  console.warn(`Registration: ${what} failed`, error);

/**
 * Creates the account (a failure rejects and stores nothing), stores the session, saves the
 * profile and joins the ticked mailing lists. Once the account exists, later steps only log: a
 * retry would meet 'email taken', and a mailing-list failure never fails registration.
 */
export async function completeSignUp({ values, formTicket, humanToken }: SignUpRequest) {
  const session = await read(
    publicApi.auth.register.$post({
      json: {
        email: values.email.trim(),
        password: values.password,
        website: values.website,
        form_ticket: formTicket,
        human_check_token: humanToken ?? '',
      },
    }),
  );
  signIn(session);
  await read(api.me.profile.$put({ json: profileBody(values) }))
    .then(() => setFirstName(values.first_name))
    .catch(logOnly('profile'));
  const lists = chosenLists(values);
  if (lists.length > 0)
    await read(api.me['mailing-lists'].$post({ json: { lists } })).catch(logOnly('mailing lists'));
}
