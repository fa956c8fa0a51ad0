// Who may cause a reset mail, without letting a stranger lock the owner out (docs/decisions/0014-*).
// Requests count per requester: the browser (the form ticket's id, when one comes) and the network
// address, with a refusal (429) past their limits; a stranger spends only their own. Per target
// mailbox, at most a few mails an hour go out on request alone; past that the form asks for the human
// check instead of refusing, so the owner, with a passed check, always gets a link.
import type { Context } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { checkTicket } from '../../server/form-ticket.ts';
import { verifyHumanCheck } from '../../server/human-check/verify.ts';
import { enforceAll, hit, LIMITS, mailboxHash, record } from '../../server/rate-limit.ts';
import { MESSAGES } from './account.ts';

/** The human check's action, and the form ticket's form, of the forgot-password form. */
const RESET_FORM = 'password-reset';

/**
 * 429 past the requester's own limits: per network address and per browser (its form ticket), checked
 * and counted as one step (a refused request counts for neither).
 */
export async function limitRequester(c: Context<AppEnv>, ip: string | undefined, ticket: string) {
  const { deps } = c.var;
  const browser = ticket ? checkTicket(deps, RESET_FORM, ticket)?.browser : undefined;
  await enforceAll(deps, [
    ...(ip ? [{ key: `reset-ip:${ip}`, limit: LIMITS.resetPerIp }] : []),
    ...(browser ? [{ key: `reset-browser:${browser}`, limit: LIMITS.resetPerBrowser }] : []),
  ]);
}

/**
 * Counts a mail to this mailbox; past the per-target limit the request needs a passed human check
 * (none sent -> 403 human_check_required, one that does not verify -> 400 human_check_failed), and
 * one with a passed check always goes through. Known and unknown addresses alike.
 */
export async function limitMailsToTarget(
  c: Context<AppEnv>,
  email: string,
  ip: string | undefined,
  token: string,
): Promise<void> {
  const { deps } = c.var;
  const key = `reset-email:${mailboxHash(email)}`;
  if (await hit(deps, key, LIMITS.resetMailsPerTarget)) return;
  if (!token) throw new ApiError(403, 'human_check_required', MESSAGES.resetCheckRequired);
  if (!(await verifyHumanCheck(deps, { token, action: RESET_FORM, ip: ip ?? '' }))) {
    throw ApiError.of(ERRORS.humanCheckFailed);
  }
  await record(deps, key);
}
