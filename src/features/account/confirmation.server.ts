// Email confirmation (docs/decisions/0014-*): a new account is let in at once, and its address proves
// itself by a link mailed to it. The link leads to the sign-in page; signing in there with the
// account's password confirms the address, so the link alone confirms nothing: the mailbox's owner
// who opens a link a stranger caused cannot hand the stranger a confirmed account, and the
// stranger never sees the link. Confirming ends the account's other sessions.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { enqueue, mailJob } from '../../server/jobs/queue.ts';
import { enforce, type Limit } from '../../server/rate-limit.ts';
import { randomToken, sha256 } from '../../server/tokens.ts';
import { site } from '../../site.config.ts';
import { CONFIRM_PARAM } from './account.ts';

const CONFIRM_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Confirmation mails sent again for one account (`confirm-resend:<user id>`, docs/api.md "Limits"):
 * whoever holds the session, a stranger too, can cause only these few mails to the mailbox.
 */
export const RESEND_LIMIT: Limit = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };

export const confirmMailSubject = 'Confirm your email address';

const confirmMailText = (link: string, forgot: string) =>
  [
    `Welcome to ${site.name}! Please confirm that this email address is yours.`,
    '',
    'Open this link within the next 7 days and sign in with the password you chose:',
    link,
    '',
    'If you did not create an account, someone may have typed your address by mistake. You can take',
    'the account over (and sign everyone else out of it) by choosing a new password here:',
    forgot,
    '',
    site.name,
  ].join('\n');

/**
 * Stores a confirmation link for the account and its mail in `trx`, the transaction that stores the
 * account, or one of its own: neither is stored without the other.
 */
export async function storeConfirmation(
  trx: Kysely<Database>,
  deps: AppDeps,
  user: { id: string; email: string },
): Promise<void> {
  const token = randomToken(32);
  const now = deps.now();
  const { siteUrl } = deps.config;
  const link = `${siteUrl}/account/login?${CONFIRM_PARAM}=${encodeURIComponent(token)}`;
  const mail = {
    to: user.email,
    subject: confirmMailSubject,
    text: confirmMailText(link, `${siteUrl}/account/forgot-password`),
  };
  await trx
    .insertInto('email_confirmations')
    .values({
      token_hash: sha256(token),
      user_id: user.id,
      created_at: now,
      expires_at: now + CONFIRM_LIFETIME_MS,
    })
    .execute();
  await enqueue(trx, mailJob(mail), now);
}

/**
 * Sends the account a new confirmation link (the /account notice's "send it again"); the links sent
 * before stay good. Counted against RESEND_LIMIT before anything is stored or mailed (429 past it);
 * 409 `already_confirmed` once the address is confirmed.
 */
export async function resendConfirmation(deps: AppDeps, userId: string): Promise<void> {
  const account = await deps.db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  // The account can vanish between the session check and this read (deleted in another tab).
  if (!account) throw ApiError.of(ERRORS.unauthorized);
  if (account.email_verified_at !== null) {
    throw new ApiError(409, 'already_confirmed', 'Your email address is already confirmed.');
  }
  await enforce(deps, `confirm-resend:${userId}`, RESEND_LIMIT);
  await deps.db
    .transaction()
    .execute((trx) => storeConfirmation(trx, deps, { id: userId, email: account.email }));
  deps.jobs.kick();
}

/**
 * After the account's password was verified: claims the link (unused, unexpired, of this account),
 * marks the address confirmed and ends the account's sessions; false when the link is not good.
 */
export async function confirmEmail(deps: AppDeps, userId: string, token: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('email_confirmations')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(token))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await markVerified(trx, userId, now);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    return true;
  });
}

/**
 * The address proved itself (a confirmation or a reset link was used): recorded once. True when it
 * was not confirmed before (the reset then took the account over: auth.server.ts).
 */
export async function markVerified(
  trx: Transaction<Database>,
  userId: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
