// Sign-in limits that stop guessing without locking the owner out: failed sign-ins are counted per
// email address (and per network address); past the limit the human check is asked for instead of
// refusing, so the right password with a passed check always signs in, whoever else keeps failing.
// Unknown addresses count exactly like known ones, so the answers never tell which accounts exist.
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { verifyHumanCheck } from '../../server/human-check/verify.ts';
import { emailKey, forget, LIMITS, reached, record } from '../../server/rate-limit.ts';
import { MESSAGES } from './account.ts';

/** The human check's action on the sign-in form. */
export const LOGIN_ACTION = 'login';

const failuresOf = (email: string) => `login-fail:${emailKey(email)}`;
const failuresFrom = (ip: string) => `login-fail-ip:${ip}`;

/**
 * After repeated failures for this email (or from this address), the sign-in needs a passed human
 * check: none sent -> 403 human_check_required; one that does not verify -> 400 human_check_failed.
 * Checked before the password, so a guesser learns nothing without passing the check.
 */
export async function requireCheckAfterFailures(
  c: Context<AppEnv>,
  email: string,
  ip: string | undefined,
  token: string,
): Promise<void> {
  const { deps } = c.var;
  const required =
    (await reached(deps, failuresOf(email), LIMITS.loginFailuresPerEmail)) ||
    (ip !== undefined && (await reached(deps, failuresFrom(ip), LIMITS.loginFailuresPerIp)));
  if (!required) return;
  if (!token) throw new ApiError(403, 'human_check_required', MESSAGES.loginCheckRequired);
  if (!(await verifyHumanCheck(deps, { token, action: LOGIN_ACTION, ip: ip ?? '' }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
}

export const countFailure = (deps: AppDeps, email: string, ip: string | undefined): Promise<void> =>
  ip ? record(deps, failuresOf(email), failuresFrom(ip)) : record(deps, failuresOf(email));

/** The owner signed in: earlier failures for the address no longer ask them for the check. */
export const clearFailures = (deps: AppDeps, email: string): Promise<void> => forget(deps, failuresOf(email));
