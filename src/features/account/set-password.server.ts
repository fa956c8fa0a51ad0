// The one way a member's password changes, for the password change and the reset link alike:
// hash it (outside the transaction: argon2 is slow), store it, void every reset link not yet used
// once the address is confirmed (a link mailed earlier must not undo the change) and end every
// session (devices signed in with the old password; the password change then hands its own browser
// a new one).
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
    // Only a confirmed account's links die with the change (a used reset link confirms the address
    // in `before`, so its other links die too). Until the address is confirmed, whoever holds a
    // session has not shown that the mailbox is theirs, and a link mailed there is the owner's way in
    // (docs/decisions/0014-*): a stranger who registered the address must not void it by changing the
    // password he chose. Refusing the change instead would also stop a real owner who has not opened
    // the confirmation mail yet from changing a password, and would protect nothing: the links go to
    // the mailbox only, so keeping them hands nothing to anyone but its owner.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', userId)
            .where('users.email_verified_at', 'is not', null),
        ),
      )
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
