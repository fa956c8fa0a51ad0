// Sign-in limits that stop guessing without locking the owner out: failed sign-ins are counted per
// account (per mailbox for an address without one) and per network address; past the limit the human
// check is asked for instead of refusing, so the right password with a passed check always signs in,
// whoever else keeps failing. Each attempt counts as a failure before its password is checked (a burst
// cannot all read the same count), and stops counting once the password is right. Unknown addresses count exactly like known ones, so the answers never
// tell which accounts exist. A success clears only its own account's failures: never a count another
// spelling or account shares (docs/decisions/0014-*).
import type { Context } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { verifyHumanCheck } from '../../server/human-check/verify.ts';
import {
  type Check,
  forget,
  giveBack,
  hitAll,
  LIMITS,
  mailboxHash,
  record,
} from '../../server/rate-limit.ts';
import { MESSAGES } from './account.ts';

/** The human check's action on the sign-in form. */
export const LOGIN_ACTION = 'login';

/** The failures' key: the account the address names, or the mailbox when it names none. */
export const failureKey = (email: string, accountId: string | undefined): string =>
  accountId ? `login-fail:account:${accountId}` : `login-fail:${mailboxHash(email)}`;
const failuresFrom = (ip: string) => `login-fail-ip:${ip}`;

/** What becomes of a sign-in attempt once its password is checked. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Counts the attempt as a failure before the password is looked at, in one step with the counts it is
 * checked against (hitAll), so that of a burst no more than the limit reach the password without the
 * check. Past the limits (for this account or from this address) the sign-in needs a passed human
 * check: none sent -> 403 human_check_required; one that does not verify -> 400 human_check_failed;
 * with a passed one the attempt goes on and counts once its password fails. A right password clears
 * the account's failures and gives the address back its hit.
 */
export async function countAttempt(
  c: Context<AppEnv>,
  key: string,
  ip: string | undefined,
  token: string,
): Promise<Attempt> {
  const { deps } = c.var;
  const checks: Check[] = [
    { key, limit: LIMITS.loginFailuresPerEmail },
    ...(ip ? [{ key: failuresFrom(ip), limit: LIMITS.loginFailuresPerIp }] : []),
  ];
  const keys = checks.map((check) => check.key);
  const at = deps.now();
  const counted = (await hitAll(deps, checks, at)) === undefined;
  if (!counted) {
    if (!token) throw new ApiError(403, 'human_check_required', MESSAGES.loginCheckRequired);
    if (!(await verifyHumanCheck(deps, { token, action: LOGIN_ACTION, ip: ip ?? '' }))) {
      throw ApiError.of(ERRORS.humanCheckFailed);
    }
  }
  return {
    failed: async () => {
      if (!counted) await record(deps, ...keys);
    },
    // Only this account's own failures are cleared (docs/decisions/0014-*), and the address's hit of
    // this attempt taken back: no other count another spelling or account shares.
    succeeded: async () => {
      await forget(deps, key);
      if (counted && ip) await giveBack(deps, failuresFrom(ip), at);
    },
  };
}
