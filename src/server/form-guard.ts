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
import { type Check, emailKey, enforceAll, LIMITS } from './rate-limit';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

export interface GuardOptions<T> {
  /**
   * Who the submission is from: normally the email field (compared lower-case); a form where one
   * mailbox must count once whatever its +tag passes it without (the giveaway's `personKey`).
   */
  person: (data: T) => string;
  /** The human check's action; the form's name unless given. */
  action?: string;
  /** The submission when the route read it already (the multipart application forms); else the JSON body. */
  body?: Body;
}

/**
 * Reads and checks a public form's submission:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. 3 attempts in the last hour for this form from this browser (the ticket's id) or this person
 *    (when the fields name one), or 30 from this network address -> 429 rate_limited;
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 * Returns the validated fields.
 */
export async function guardPublicForm<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  form: PublicForm,
  schema: S,
  { person, action = form, body: given }: GuardOptions<v.InferOutput<S>>,
): Promise<v.InferOutput<S>> {
  const deps = c.var.deps;
  const body = given ?? (await readJsonObject(c));
  if (isFilled(body.website)) throw ApiError.of(ERRORS.invalidSubmission);
  const ticket = checkTicket(deps, form, body.form_ticket);
  if (!ticket) throw ApiError.of(ERRORS.tooFast);

  // The fields are read before the limits to learn the person; their errors come after (SPEC order).
  let data: v.InferOutput<S> | undefined;
  let invalid: unknown;
  try {
    data = validate(schema, body);
  } catch (error) {
    invalid = error;
  }
  const ip = clientIp(c);
  const checks: Check[] = [{ key: `form:${form}:browser:${ticket.browser}`, limit: LIMITS.publicForm }];
  if (data !== undefined) {
    checks.push({ key: `form:${form}:person:${emailKey(person(data))}`, limit: LIMITS.publicForm });
  }
  if (ip) checks.push({ key: `form:${form}:ip:${ip}`, limit: LIMITS.publicFormPerIp });
  await enforceAll(deps, checks);
  if (data === undefined) throw invalid;

  if (!(await verifyHumanCheck(deps, { token: body.human_check_token, action, ip: ip ?? '' }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
  return data;
}
