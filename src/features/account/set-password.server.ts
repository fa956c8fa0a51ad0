// The one way a member's password changes, for the password change and the reset link alike:
// hash it (outside the transaction: argon2 is slow), store it, void every reset link not yet used
// (a link mailed earlier must not undo the change) and end every session (devices signed in with the
// old password; the password change then hands its own browser a new one).
import type { Transaction } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { hashPassword } from '../../server/passwords.ts';

export interface SetPasswordOptions {
  /** Runs first in the same transaction and may throw to cancel (the reset claims its link). */
  before?: (trx: Transaction<Database>) => Promise<void>;
}

export async function setPassword(
  deps: AppDeps,
  userId: string,
  password: string,
  { before }: SetPasswordOptions = {},
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
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
