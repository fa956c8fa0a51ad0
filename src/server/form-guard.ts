// The one guard of the public forms (register, giveaway, contact): SPEC 5.1's submit checks,
// enforced on the server in the order of docs/api.md. The island runs the same checks first for
// fast feedback; this is where they cannot be skipped.
import type { Context } from 'hono';
import type * as v from 'valibot';
import { verifyHumanCheck } from '../features/human-check/verify.server';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';
import { checkTicket, type PublicForm } from './form-ticket';
import { type Body, clientIp, readJsonObject, validate } from './http';
import { enforce, LIMITS } from './rate-limit';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Reads and checks a public form's submission:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. more than 3 attempts from this address for this form in the last hour -> 429 rate_limited;
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 * Returns the validated fields. `body` is the submission when the route read it already (the
 * multipart application forms); otherwise the JSON body is read here.
 */
export async function guardPublicForm<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  form: PublicForm,
  schema: S,
  action: string = form,
  given?: Body,
): Promise<v.InferOutput<S>> {
  const deps = c.var.deps;
  const body = given ?? (await readJsonObject(c));
  if (isFilled(body.website)) throw ApiError.of(ERRORS.invalidSubmission);
  if (!checkTicket(deps, form, body.form_ticket)) throw ApiError.of(ERRORS.tooFast);
  const ip = clientIp(c);
  await enforce(deps, `form:${form}:${ip}`, LIMITS.publicForm);
  const data = validate(schema, body);
  if (!(await verifyHumanCheck(deps, { token: body.human_check_token, action, ip }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
  return data;
}
