// Password reset requests: a single-use link valid for one hour, mailed to the address.

import { sql } from 'kysely';
import type { AppDeps } from '../../server/deps.ts';
import { jobValues, mailJob } from '../../server/jobs/queue.ts';
import { randomToken, sha256 } from '../../server/tokens.ts';
import { site } from '../../site.config.ts';
import { findAccount } from './accounts.server.ts';

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
 * finds the account or nothing, and so does the mail's job in the durable queue (stored before the
 * answer, sent after it by the worker).
 */
export async function requestReset(deps: AppDeps, email: string): Promise<void> {
  // The account of the address's mailbox, mailed at its own address: a spelling that the mailbox
  // rules join by mistake can never receive another person's link.
  const to = (await findAccount(deps, email))?.email ?? email;
  const token = randomToken(32);
  const tokenHash = sha256(token);
  const now = deps.now();
  if (Math.random() < 0.02) {
    await deps.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', now - 24 * 60 * 60 * 1000)
      .execute();
  }
  const mail = {
    to,
    subject: resetMailSubject,
    text: resetMailText(resetLink(deps.config.siteUrl, token)),
  };
  const job = jobValues(mailJob(mail), now);
  // The link and its mail job in one transaction, each through an INSERT ... SELECT that finds the
  // account or nothing: the mail is queued (src/server/jobs/queue.ts) only for an address with an
  // account, with the same work either way.
  await deps.db.transaction().execute(async (trx) => {
    await trx
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
          .where('email', '=', to),
      )
      .execute();
    await trx
      .insertInto('jobs')
      .columns(['id', 'kind', 'payload', 'summary', 'status', 'run_after', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            eb.val(job.id).as('id'),
            eb.val(job.kind).as('kind'),
            eb.val(job.payload).as('payload'),
            eb.val(job.summary).as('summary'),
            eb.val(job.status).as('status'),
            sql<number>`cast(${job.run_after} as bigint)`.as('run_after'),
            sql<number>`cast(${job.created_at} as bigint)`.as('created_at'),
          ])
          .where('email', '=', to),
      )
      .execute();
  });
  deps.jobs.kick();
}
