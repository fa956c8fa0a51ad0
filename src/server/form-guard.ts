// The one guard of the public forms (register, giveaway, contact): SPEC 5.1's submit checks,
// enforced on the server in the order of docs/api.md. The island runs the same checks first for
// fast feedback; this is where they cannot be skipped.
import { vValidator } from '@hono/valibot-validator';
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';
import { checkTicket, type PublicForm } from './form-ticket';
import { clientIp, readJsonObject } from './http';
import { verifyHumanCheck } from './human-check';
import { enforce, LIMITS } from './rate-limit';
import { type Issues, invalidInput } from './validate';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

type Checked = { success: true } | { success: false; issues: Issues };

/**
 * Checks a public form's submission, given the schema check of its fields:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. more than 3 attempts from this address for this form in the last hour -> 429 rate_limited;
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 */
export async function guardPublicForm(
  c: Context<AppEnv>,
  form: PublicForm,
  fields: Checked,
  action: string = form,
): Promise<void> {
  const deps = c.var.deps;
  const body = await readJsonObject(c);
  if (isFilled(body.website)) throw ApiError.of(ERRORS.invalidSubmission);
  if (!checkTicket(deps, form, body.form_ticket)) throw ApiError.of(ERRORS.tooFast);
  const ip = clientIp(c);
  await enforce(deps, `form:${form}:${ip}`, LIMITS.publicForm);
  if (!fields.success) throw invalidInput(fields.issues);
  if (!(await verifyHumanCheck(deps, { token: body.human_check_token, action, ip }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
}

/**
 * The guard as the validator of a public form's route: the handler runs only when every check
 * passed, and reads the fields with `c.req.valid('json')`. The schema includes `guardFields`.
 *   .post('/register', publicForm('register', registerSchema), async (c) => { c.req.valid('json') ... })
 */
export const publicForm = <S extends v.GenericSchema>(form: PublicForm, schema: S, action: string = form) =>
  vValidator('json', schema, (result, c: Context<AppEnv>) => guardPublicForm(c, form, result, action));
