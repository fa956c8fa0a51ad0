// The one guard of the public forms (register, giveaway, contact, applications): product.md 5.1's submit
// checks, enforced on the server in the order of docs/api.md. The island runs the same checks first
// for fast feedback; this is where they cannot be skipped.
import { vValidator } from '@hono/valibot-validator';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { GUARD_HEADERS } from '../lib/form-rules.ts';
import { type WriteStep, writeTogether } from './db/write-together.ts';
import type { AppEnv } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { checkTicket, type PublicForm } from './form-ticket.ts';
import { type GuardEnd, guardFinish } from './guard-finish.ts';
import { checkHumanToken } from './human-check/verify.ts';
import { knownRefusal, learnRefusals, oneAtATime } from './known-refusals.ts';
import { countRefusal } from './metrics.ts';
import { type Check, emailKey, enforceAll, hitAll, LIMITS, record } from './rate-limit.ts';
import { type Body, clientIp, readJsonObject } from './request.ts';
import { type Issues, invalidInput } from './validate.ts';

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

type Checked = { success: true; output: unknown } | { success: false; issues: Issues };

export interface GuardOptions<T> {
  /**
   * Who the submission is from: the email field. It is counted by the mailbox it reaches (emailKey:
   * src/lib/mailbox.ts), so 'j.doe+x@googlemail.com' is the same person as 'jdoe@gmail.com'.
   */
  person?: (data: T) => string;
  /** The human check's action; the form's name unless given. */
  action?: string;
  /**
   * The handler stores the submission with the guard's last step as the first write of its own
   * (`takeGuardFinish`: one statement on PostgreSQL, src/server/guard-finish.ts). When the handler
   * refuses the submission instead (a 409), the step is written on its own afterwards: the attempt
   * counts all the same. A handler that answers 2xx without storing it is a bug, answered 500.
   * Without this, the guard ends on its own before the handler.
   */
  withWrite?: true;
}

/** The guard's own values: the trap, the ticket and the human check's token. */
export type GuardValues = { website?: unknown; form_ticket?: unknown; human_check_token?: unknown };

/**
 * Steps 1 and 2 (trap, ticket): the limits of this browser and address, for step 3. Refused
 * attempts count for the address (and the browser, when the ticket is good).
 */
async function admit(c: Context<AppEnv>, form: PublicForm, body: GuardValues) {
  const deps = c.var.deps;
  const ip = clientIp(c);
  const ticket = checkTicket(deps, form, body.form_ticket);
  const address: Check[] = ip ? [{ key: `form:${form}:ip:${ip}`, limit: LIMITS.publicFormPerIp }] : [];
  const browser: Check[] = ticket
    ? [{ key: `form:${form}:browser:${ticket.browser}`, limit: LIMITS.publicForm }]
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

/** Step 5: the human check, for this form's action; it is taken (accepted once) by the guard's last step. */
async function passHumanCheck(c: Context<AppEnv>, token: unknown, action: string, ip: string | undefined) {
  const passed = await checkHumanToken(c.var.deps, { token, action, ip: ip ?? '' });
  if (!passed) throw ApiError.of(ERRORS.humanCheckFailed);
  return passed;
}

/** The guard's last step written on its own: a form that stores nothing, or stores it later. */
async function finishAlone(c: Context<AppEnv>, step: WriteStep) {
  await writeTogether(c.var.deps.db, c.var.deps.dbKind, [step]);
}

/** The guard's last step, for the first write of a route with `withWrite` (src/server/guard-finish.ts). */
export function takeGuardFinish(c: Context<AppEnv>): WriteStep {
  const pending = c.get('guardFinish');
  if (!pending) throw new Error('takeGuardFinish: the route has no publicForm guard with `withWrite`');
  return pending.step;
}

/**
 * Keeps the step for the handler's write, which tells when it is stored; `tokenOnly` is the step
 * without any count (for a submission refused by a limit: the token is used up all the same).
 */
function keepForTheWrite(c: Context<AppEnv>, guard: GuardEnd) {
  const pending = { ...guard, stored: false };
  pending.step = { ...guard.step, stored: () => (pending.stored = true) };
  c.set('guardFinish', pending);
}

/**
 * After the handler of a route with `withWrite`: a submission the route refused (a 4xx) still counts
 * as an attempt, and is answered 429 instead when a limit is reached. One that failed on our side (a
 * 5xx: the database away) does not, and is not made to wait for the database a second time.
 */
async function afterTheWrite(c: Context<AppEnv>) {
  const pending = c.get('guardFinish');
  if (!pending || pending.stored) return;
  if (c.res.ok)
    throw new Error(`${c.req.path}: answered without storing the guard's last step (takeGuardFinish)`);
  if (c.res.status >= 500) return;
  // Refused by a limit in the write itself.
  if (c.res.status === 429) return afterLimitRefusal(c, pending);
  await finishOrUseToken(c, pending).catch((error) => {
    // A limit reached comes before the route's own refusal, in the order of the answers (nothing
    // was stored: a 4xx); a token used meanwhile leaves the route's answer.
    if (error instanceof ApiError && error.status === 429) throw error;
    if (!(error instanceof ApiError))
      console.warn('[form-guard] attempt not counted:', (error as Error).message);
  });
}

/**
 * The guard's last step on its own; refused over a limit (429), it still uses the token up (a checked
 * token is accepted once, whatever the answer), and the refusal is learned before the answer.
 */
async function finishOrUseToken(c: Context<AppEnv>, end: GuardEnd) {
  try {
    await finishAlone(c, end.step);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) await afterLimitRefusal(c, end);
    throw error;
  }
}

/** A submission refused by a limit: its token used up all the same, the refusal learned. */
async function afterLimitRefusal(c: Context<AppEnv>, { tokenOnly, checks }: GuardEnd) {
  await finishAlone(c, await tokenOnly()).catch(() => {});
  await learnRefusals(c.var.deps, checks, c.var.deps.now());
}

/** Step 3 from this server's memory: a limit it saw refused that still holds (known-refusals.ts). */
function refuseKnown(c: Context<AppEnv>, checks: Check[]) {
  const over = knownRefusal(c.var.deps, checks, c.var.deps.now());
  if (!over) return;
  countRefusal(over.key);
  throw ApiError.of(ERRORS.rateLimited);
}

/** The person's limit, when the fields are valid and the form names a person. */
function personLimit<T>(form: PublicForm, fields: Checked, person?: (data: T) => string): Check | undefined {
  return fields.success && person
    ? { key: `form:${form}:person:${emailKey(person(fields.output as T))}`, limit: LIMITS.publicForm }
    : undefined;
}

/**
 * Checks a public form's submission (`body`), given the schema check of its fields:
 * 1. trap field `website` filled -> 400 invalid_submission 'Invalid submission';
 * 2. `form_ticket` missing, forged or younger than 3 s -> 400 too_fast;
 * 3. 3 attempts in the last hour for this form from this browser (the ticket's id) or this person
 *    (when the fields are valid, so the person is known), or 30 from this network address -> 429
 *    rate_limited (docs/api.md, "Limits");
 * 4. the fields -> 400 invalid_input;
 * 5. `human_check_token` missing or not verified -> 400 human_check_failed.
 * Every attempt counts for its browser and address, failures of steps 1 and 2 included; an attempt
 * counts for the person it names only once the human check has passed, so a stranger sending
 * entries in someone's name without passing it cannot use up that person's attempts (docs/threat-model.md).
 * The answers come in that order, but a submission is one statement (docs/decisions/0021-postgresql-
 * round-trips.md, "One statement per submission"): the limits are counted in the guard's last step, with
 * the submission's write when the route stores it, and a failure of step 4 or 5 counts (answered 429
 * over a limit) before its answer. So that an attacker over a limit still does not reach the human check
 * (a call to Cloudflare), the attempts of one browser or address go one at a time on a server (a
 * second's wait at most), and a refused limit is answered from memory until the database would let an
 * attempt through (known-refusals.ts): the first attempt over a limit on a server is checked, the ones
 * after it are not. A Netlify function, which answers one request at a time, counts the limits first.
 */
async function check<T>(
  c: Context<AppEnv>,
  form: PublicForm,
  body: Body,
  fields: Checked,
  { person, action = form, withWrite }: GuardOptions<T>,
) {
  const deps = c.var.deps;
  const { ip, limits } = await admit(c, form, body);
  const personal = personLimit(form, fields, person);
  const checks = personal ? [personal, ...limits] : limits;
  // The browser's and the address's limits counted, the person's looked at (not counted).
  const looked = personal ? [{ ...personal, peek: true as const }, ...limits] : limits;
  refuseKnown(c, checks);
  // A process that answers one request at a time (a Netlify function) has no memory worth the name:
  // there the limits come first, in a statement of their own, as the order of the checks says.
  const limitsFirst = deps.answersAlone === true;
  if (limitsFirst) await countLimits(c, looked);
  // Not the person: a stranger's attempts in someone's name must not keep that person waiting (and
  // their bursts are held by their own browser and address).
  const release = limitsFirst ? () => {} : await oneAtATime(deps, limits);
  let handedOver = false;
  try {
    refuseKnown(c, checks); // learned while this attempt waited
    const failed = async (error: ApiError): Promise<never> => {
      if (!limitsFirst) await countLimits(c, looked);
      throw error;
    };
    if (!fields.success) return await failed(invalidInput(fields.issues));
    const passed = await checkHumanToken(deps, { token: body.human_check_token, action, ip: ip ?? '' });
    if (!passed) return await failed(ApiError.of(ERRORS.humanCheckFailed));
    // The token taken and every limit not yet counted counted and checked (of simultaneous attempts,
    // no more than a limit pass), with the submission's write when the route stores it.
    const counted = limitsFirst ? (personal ? [personal] : []) : checks;
    const end: GuardEnd = {
      step: await guardFinish(deps, passed, counted),
      tokenOnly: () => guardFinish(deps, passed),
      checks: counted,
      release,
    };
    if (withWrite) {
      keepForTheWrite(c, end);
      handedOver = true;
    } else {
      await finishOrUseToken(c, end);
    }
  } finally {
    if (!handedOver) release();
  }
}

/** Counts `checks` (a `peek` only looked at); over a limit, learns the refusal and answers 429. */
async function countLimits(c: Context<AppEnv>, checks: Check[]) {
  const deps = c.var.deps;
  if (!(await hitAll(deps, checks))) return;
  await learnRefusals(deps, checks, deps.now());
  throw ApiError.of(ERRORS.rateLimited);
}

/**
 * The guard as the validator of a public form's JSON route: the handler runs only when every check
 * passed and reads the fields with `c.req.valid('json')`. The schema includes `guardFields`.
 *   .post('/register', publicForm('register', registerSchema, { person: (d) => d.email }), async (c) => ...)
 */
export const publicForm = <S extends v.GenericSchema>(
  form: PublicForm,
  schema: S,
  options: GuardOptions<v.InferOutput<S>> | string,
) => {
  // A bare string is the human check's action of a form that names no person (the gift-card check).
  const guard = typeof options === 'string' ? { action: options } : options;
  const validate = vValidator('json', schema, async (result, c: Context<AppEnv>) =>
    check(c, form, await readJsonObject(c), result as Checked, guard),
  );
  if (!guard.withWrite) return validate;
  // The guard's hold (known-refusals.ts oneAtATime) is released however the route ends.
  const checked: MiddlewareHandler<AppEnv> = async (c, next) => {
    try {
      return await validate(c, async () => {
        await next();
        await afterTheWrite(c);
      });
    } finally {
      c.get('guardFinish')?.release();
    }
  };
  return checked as unknown as typeof validate;
};

/**
 * A route that reads its own body (the multipart application forms) runs the guard in two halves,
 * so that nothing is read before it is allowed: first `guardBeforeBody` with the guard's values from
 * the request headers (GUARD_HEADERS): trap, ticket, browser and address limits, human check, in
 * that order; then, once the body is read, `guardAfterBody`. The person is known only from the fields,
 * so the person's limit is looked at and counted there, after the human check as on every form.
 */
export async function guardBeforeBody(c: Context<AppEnv>, form: PublicForm, action: string = form) {
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
  const passed = await passHumanCheck(c, values.human_check_token, action, ip);
  await finishAlone(c, await guardFinish(c.var.deps, passed));
}

/** The second half (after `guardBeforeBody`): the fields (400 invalid_input), then the person (429). */
export async function guardAfterBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  form: PublicForm,
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
