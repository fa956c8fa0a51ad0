// Password reset requests: a single-use link valid for one hour, mailed to the address.

import { sql } from 'kysely';
import type { AppDeps } from '../../server/deps';
import { randomToken, sha256 } from '../../server/tokens';
import { site } from '../../site.config';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const resetLink = (siteUrl: string, token: string): string =>
  `${siteUrl}/account/reset-password?reset_token=${encodeURIComponent(token)}`;

export const resetMailSubject = `Reset your ${site.name} password`;

const resetMailText = (link: string) =>
  [
    `Someone (we hope you) asked to reset the password of your ${site.name} account.`,
    '',
    'To choose a new password, open this link within the next hour:',
    link,
    '',
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
    '',
    site.name,
  ].join('\n');

/**
 * Does the same work whether or not the address has an account, so neither the answer nor its
 * timing nor the database's load tells a visitor which addresses are registered: a token is always
 * made and hashed, the link always goes into password_resets through one INSERT ... SELECT that
 * finds the account or nothing, and a mail job is always queued; it sends after the answer, and
 * only to an address with an account.
 */
export async function requestReset(deps: AppDeps, email: string): Promise<void> {
  const token = randomToken(32);
  const tokenHash = sha256(token);
  const now = deps.now();
  if (Math.random() < 0.02) {
    await deps.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', now - 24 * 60 * 60 * 1000)
      .execute();
  }
  const inserted = await deps.db
    .insertInto('password_resets')
    .columns(['token_hash', 'user_id', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.val(tokenHash).as('token_hash'),
          'id',
          // Typed for PostgreSQL, which cannot tell a parameter's type in a SELECT list.
          sql<number>`cast(${now} as bigint)`.as('created_at'),
          sql<number>`cast(${now + RESET_LIFETIME_MS} as bigint)`.as('expires_at'),
        ])
        .where('email', '=', email),
    )
    .executeTakeFirst();
  const hasAccount = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const mail = {
    to: email,
    subject: resetMailSubject,
    text: resetMailText(resetLink(deps.config.siteUrl, token)),
  };
  deps.defer('password reset mail', async () => {
    if (hasAccount) await deps.mailer.send(mail);
  });
}
