// Password reset requests: a single-use link valid for one hour, mailed to the address.

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
 * Does the same work whether or not the address has an account, and sends the mail after the
 * answer, so neither the answer nor its timing tells a visitor which addresses are registered.
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
  const user = await deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!user) return;
  await deps.db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: user.id, created_at: now, expires_at: now + RESET_LIFETIME_MS })
    .execute();
  const link = resetLink(deps.config.siteUrl, token);
  deps.defer('password reset mail', () =>
    deps.mailer.send({ to: email, subject: resetMailSubject, text: resetMailText(link) }),
  );
}
