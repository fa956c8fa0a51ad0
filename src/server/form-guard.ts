// The one guard of the public forms (register, giveaway, contact, applications): product.md 5.1's submit
// checks, enforced on the server in the order of docs/api.md. The island runs the same checks first
// for fast feedback; this is where they cannot be skipped.
import { vValidator } from '@hono/valibot-validator';
import type { Context } from 'hono';
import * as v from 'valibot';
import { GUARD_HEADERS } from '../lib/form-rules.ts';
import type { AppEnv } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { checkTicket, type FormName } from './form-ticket.ts';
import { verifyHumanCheck } from './human-check/verify.ts';
import { type Check, enforceAll, giveBack, hitAll, LIMITS, mailboxHash, record } from './rate-limit.ts';
import { type Body, clientIp, readJsonObject } from './request.ts';
import { type Issues, invalidInput } from './validate.ts';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

type Checked = { success: true; output: unknown } | { success: false; issues: Issues };

export interface GuardOptions<T> {
  /**
   * Who the submission is from: the email field. It is counted by the mailbox it reaches (mailboxHash:
   * src/lib/mailbox.ts), so 'j.doe+x@googlemail.com' is the same person as 'jdoe@gmail.com'.
   */
  person?: (data: T) => string;
  /** The human check's action; the form's name unless given. */
  action?: string;
}

/** The guard's own values: the trap, the ticket and the human check's token. */
export type GuardValues = { website?: unknown; form_ticket?: unknown; human_check_token?: unknown };

/**
 * Steps 1 and 2 (trap, ticket): the limits of this browser and address, for step 3. Refused
 * attempts count for the address (and the browser, when the ticket is good).
 */
async function admit(c: Context<AppEnv>, form: FormName, body: GuardValues) {
  const deps = c.var.deps;
  const ip = clientIp(c);
  const ticket = checkTicket(deps, form, body.form_ticket);
  const address: Check[] = ip ? [{ key: `form:${form}:ip:${ip}`, limit: LIMITS.formAttemptsPerIp }] : [];
  const browser: Check[] = ticket
    ? [{ key: `form:${form}:browser:${ticket.browser}`, limit: LIMITS.formAttempts }]
    : [];
  if (isFilled(body.website)) {
    await record(deps, ...[...browser, ...address].map((check) => check.key));
    throw ApiError.of(ERRORS.invalidSubmission);
  }
  if (!ticket) {
    await record(deps, ...address.map((check) => check.key));
    throw ApiError.of(ERRORS.tooFast);
  }
  return { ip, limits: [...browser, ...address] };
}

/** Step 5: the human check, for this form's action; a token is accepted once. */
async function passHumanCheck(c: Context<AppEnv>, token: unknown, action: string, ip: string | undefined) {
  if (!(await verifyHumanCheck(c.var.deps, { token, action, ip: ip ?? '' })))
    throw ApiError.of(ERRORS.humanCheckFailed);
}

/** The person's limit, when the fields are valid and the form names a person. */
function personLimit<T>(form: FormName, fields: Checked, person?: (data: T) => string): Check | undefined {
  return fields.success && person
    ? { key: `form:${form}:person:${mailboxHash(person(fields.output as T))}`, limit: LIMITS.formAttempts }
    : undefined;
}

/**
 * Checks a public form's submission (`body`), given the schema check of its fields:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. 3 attempts in the last hour for this form from this browser (the ticket's id) or this person
 *    (when the fields are valid, so the person is known), or 30 from this network address -> 429
 *    rate_limited (docs/api.md, "Limits"), checked and counted in one step (rate-limit.ts hitAll),
 *    so of a burst no more than a limit go on, and a refused attempt never reaches the human check;
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 * Every attempt counts for its browser and address, failures of steps 1 and 2 included. The person's
 * hit is given back when step 5 fails: a stranger sending entries in someone's name without passing
 * the check cannot use up that person's attempts (docs/threat-model.md, "No lockout by strangers").
 */
async function check<T>(
  c: Context<AppEnv>,
  form: FormName,
  body: Body,
  fields: Checked,
  { person, action = form }: GuardOptions<T>,
) {
  const deps = c.var.deps;
  const { ip, limits } = await admit(c, form, body);
  const personal = personLimit(form, fields, person);
  const at = deps.now();
  if (await hitAll(deps, personal ? [personal, ...limits] : limits, at))
    throw ApiError.of(ERRORS.rateLimited);
  if (!fields.success) throw invalidInput(fields.issues);
  try {
    await passHumanCheck(c, body.human_check_token, action, ip);
  } catch (error) {
    if (personal) await giveBack(deps, personal.key, at);
    throw error;
  }
}

/**
 * The guard as the validator of a public form's JSON route: the handler runs only when every check
 * passed and reads the fields with `c.req.valid('json')`. The schema includes `guardFields`.
 *   .post('/register', guardForm('register', registerSchema, { person: (d) => d.email }), async (c) => ...)
 */
export const guardForm = <S extends v.GenericSchema>(
  form: FormName,
  schema: S,
  options: GuardOptions<v.InferOutput<S>> | string,
) => {
  // A bare string is the human check's action of a form that names no person (the gift-card check).
  const guard = typeof options === 'string' ? { action: options } : options;
  return vValidator('json', schema, async (result, c: Context<AppEnv>) =>
    check(c, form, await readJsonObject(c), result as Checked, guard),
  );
};

/**
 * A route that reads its own body (the multipart application forms) runs the guard in two halves,
 * so that nothing is read before it is allowed: first `guardBeforeBody` with the guard's values from
 * the request headers (GUARD_HEADERS): trap, ticket, browser and address limits, human check, in
 * that order; then, once the body is read, `guardAfterBody`. The person is known only from the fields,
 * so the person's limit is counted there, after the human check that let the body be read.
 */
export async function guardBeforeBody(c: Context<AppEnv>, form: FormName, action: string = form) {
  const header = (name: string) => {
    const value = c.req.header(name);
    try {
      return value === undefined ? undefined : decodeURIComponent(value);
    } catch {
      return value; // not URI-encoded: as sent
    }
  };
  const values: GuardValues = {
    website: header(GUARD_HEADERS.website),
    form_ticket: header(GUARD_HEADERS.form_ticket),
    human_check_token: header(GUARD_HEADERS.human_check_token),
  };
  const { ip, limits } = await admit(c, form, values);
  await enforceAll(c.var.deps, limits);
  await passHumanCheck(c, values.human_check_token, action, ip);
}

/** The second half (after `guardBeforeBody`): the fields (400 invalid_input), then the person (429). */
export async function guardAfterBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  form: FormName,
  schema: S,
  body: Body,
  { person }: Pick<GuardOptions<v.InferOutput<S>>, 'person'>,
): Promise<v.InferOutput<S>> {
  const fields = v.safeParse(schema, body) as Checked;
  if (!fields.success) throw invalidInput(fields.issues);
  const personal = personLimit(form, fields, person);
  if (personal) await enforceAll(c.var.deps, [personal]);
  return fields.output as v.InferOutput<S>;
}
