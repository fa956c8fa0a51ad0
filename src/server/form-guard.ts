// The one guard of the public forms (register, giveaway, contact, applications): SPEC 5.1's submit
// checks, enforced on the server in the order of docs/api.md. The island runs the same checks first
// for fast feedback; this is where they cannot be skipped.
import { vValidator } from '@hono/valibot-validator';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';
import { checkTicket, type PublicForm } from './form-ticket';
import { type Body, clientIp, readJsonObject } from './http';
import { verifyHumanCheck } from './human-check';
import { enforce, LIMITS } from './rate-limit';
import { type Issues, invalidInput } from './validate';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

type Checked = { success: true } | { success: false; issues: Issues };

/**
 * Checks a public form's submission (`body`), given the schema check of its fields:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. more than 3 attempts from this address for this form in the last hour -> 429 rate_limited;
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 */
async function check(c: Context<AppEnv>, form: PublicForm, body: Body, fields: Checked, action: string) {
  const deps = c.var.deps;
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
 * The guard as the validator of a public form's JSON route: the handler runs only when every check
 * passed and reads the fields with `c.req.valid('json')`. The schema includes `guardFields`.
 *   .post('/register', publicForm('register', registerSchema), async (c) => { c.req.valid('json') ... })
 */
export const publicForm = <S extends v.GenericSchema>(form: PublicForm, schema: S, action: string = form) =>
  vValidator('json', schema, async (result, c: Context<AppEnv>) =>
    check(c, form, await readJsonObject(c), result, action),
  );

/**
 * The same checks for a route that reads its own body (the multipart application forms, whose
 * schema depends on the answers): returns the validated fields.
 */
export async function guardPublicForm<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  form: PublicForm,
  schema: S,
  action: string,
  body: Body,
): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, body);
  await check(c, form, body, result, action);
  return result.output as v.InferOutput<S>;
}
