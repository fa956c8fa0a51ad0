// Schemas of the account forms (product.md 5.2, 5.3, 7), shared by the islands and the API.
import * as v from 'valibot';
import {
  emailField,
  guardFields,
  optionalPhoneField,
  optionalText,
  passwordField,
  requiredText,
  stateField,
  text,
  zipField,
} from '../../lib/fields.ts';

export const MESSAGES = {
  loginFailed: 'Incorrect user name or password',
  loginCheckRequired: 'Please complete the security check to sign in.',
  resetCheckRequired: 'Please complete the security check to send the reset link.',
  confirmSignIn: 'Sign in with your password to confirm your email address.',
  registerFailed: 'There was an error during registration. Please try again.',
  requiredFields: 'Please fill in all required fields',
  passwordsDiffer: 'Passwords do not match.',
  resetSent:
    "Password Reset Sent. Check your email for a link to reset your password. If it doesn't appear within a few minutes, check your spam folder.",
  resetDone: 'Your password has successfully been reset',
  verified: 'Your account has been verified!',
  /** The /account notice until the address is confirmed (ConfirmEmailNotice.tsx). */
  confirmPending: 'Please confirm your email address.',
  confirmResent: 'We have sent the link again. It may take a few minutes; check your spam folder too.',
} as const;

/** product.md 8: a success text (reset, verified) stays readable for a moment before the next page. */
export const REDIRECT_DELAY_MS = 2000;

/** The confirmation link's query parameter (docs/decisions/0014-*): the link opens the sign-in page. */
export const CONFIRM_PARAM = 'confirm_token';

export const loginSchema = v.object({
  email: emailField,
  password: v.pipe(text(MESSAGES.loginFailed), v.nonEmpty(MESSAGES.loginFailed), v.maxLength(200)),
  /** Sent once the server asks for the human check (after repeated failures). */
  human_check_token: guardFields.human_check_token,
  /** The confirmation link's token: signing in with it confirms the address (docs/decisions/0014-*). */
  confirm_token: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
});

/** The profile fields of product.md 3 (email is read-only and not part of an update). */
export const profileFields = {
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  address_1: requiredText('Address', 100),
  address_2: optionalText(100),
  city: requiredText('City', 60),
  state: stateField,
  zip: zipField,
  phone: optionalPhoneField,
};
export const profileSchema = v.object(profileFields);

/** POST /auth/register: email and password (product.md 7) plus the anti-abuse fields. */
export const registerSchema = v.object({ email: emailField, password: passwordField, ...guardFields });

/** The whole sign-up form as the island validates it before the calls. */
export const signUpFormSchema = v.object({
  ...profileFields,
  email: emailField,
  password: passwordField,
  newsletter: v.boolean(),
  offers: v.boolean(),
});

export const passwordChangeSchema = v.object({
  old_password: v.pipe(text('Current password is required'), v.nonEmpty('Current password is required')),
  new_password: passwordField,
});

/** POST /auth/password_reset/request: the email (product.md 7), plus the form's ticket and, once asked for, the human check. */
export const resetRequestSchema = v.object({
  email: emailField,
  form_ticket: guardFields.form_ticket,
  human_check_token: guardFields.human_check_token,
});
export const resetSubmitSchema = v.object({
  reset_token: v.pipe(
    text('This reset link is invalid or has expired.'),
    v.minLength(10, 'This reset link is invalid or has expired.'),
    v.maxLength(200),
  ),
  password: passwordField,
});

export const mailingListSchema = v.object({
  lists: v.optional(
    v.array(v.picklist(['news', 'offers'], 'Unknown mailing list'), 'Choose a mailing list'),
    [],
  ),
});

export const vipSchema = v.object({
  registration_number: optionalText(40),
  secondary_number: optionalText(40),
});

export type Profile = v.InferOutput<typeof profileSchema> & { email: string };
