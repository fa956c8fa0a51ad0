// The one way a member's password changes, for the password change and the reset link alike:
// hash it (outside the transaction: argon2 is slow), store it, void every reset link not yet used
// (a link mailed earlier must not undo the change) and end the other sessions (devices signed in
// with the old password).
import type { Transaction } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { hashPassword } from '../../server/passwords.ts';

export interface SetPasswordOptions {
  /** The session that made the change stays signed in (password change); none does after a reset. */
  keepSession?: string;
  /** Runs first in the same transaction and may throw to cancel (the reset claims its link). */
  before?: (trx: Transaction<Database>) => Promise<void>;
}

export async function setPassword(
  deps: AppDeps,
  userId: string,
  password: string,
  { keepSession, before }: SetPasswordOptions = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await before?.(trx);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSession) sessions = sessions.where('token_hash', '!=', keepSession);
    await sessions.execute();
  });
}
