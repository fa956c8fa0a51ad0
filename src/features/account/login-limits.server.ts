// Sign-in limits that stop guessing without locking the owner out: failed sign-ins are counted per
// account (per mailbox for an address without one) and per network address; past the limit the human
// check is asked for instead of refusing, so the right password with a passed check always signs in,
// whoever else keeps failing. Unknown addresses count exactly like known ones, so the answers never
// tell which accounts exist. A success clears only its own account's failures: never a count another
// spelling or account shares (docs/decisions/0014-*).
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { verifyHumanCheck } from '../../server/human-check/verify.ts';
import { emailKey, forget, LIMITS, reached, record } from '../../server/rate-limit.ts';
import { MESSAGES } from './account.ts';

/** The human check's action on the sign-in form. */
export const LOGIN_ACTION = 'login';

/** The failures' key: the account the address names, or the mailbox when it names none. */
export const failureKey = (email: string, accountId: string | undefined): string =>
  accountId ? `login-fail:account:${accountId}` : `login-fail:${emailKey(email)}`;
const failuresFrom = (ip: string) => `login-fail-ip:${ip}`;

/**
 * After repeated failures for this account (or from this address), the sign-in needs a passed human
 * check: none sent -> 403 human_check_required; one that does not verify -> 400 human_check_failed.
 * Checked before the password, so a guesser learns nothing without passing the check.
 */
export async function requireCheckAfterFailures(
  c: Context<AppEnv>,
  key: string,
  ip: string | undefined,
  token: string,
): Promise<void> {
  const { deps } = c.var;
  const required =
    (await reached(deps, key, LIMITS.loginFailuresPerEmail)) ||
    (ip !== undefined && (await reached(deps, failuresFrom(ip), LIMITS.loginFailuresPerIp)));
  if (!required) return;
  if (!token) throw new ApiError(403, 'human_check_required', MESSAGES.loginCheckRequired);
  if (!(await verifyHumanCheck(deps, { token, action: LOGIN_ACTION, ip: ip ?? '' }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
}

export const countFailure = (deps: AppDeps, key: string, ip: string | undefined): Promise<void> =>
  ip ? record(deps, key, failuresFrom(ip)) : record(deps, key);

/** The owner signed in: earlier failures for their account no longer ask them for the check. */
export const clearFailures = (deps: AppDeps, key: string): Promise<void> => forget(deps, key);
