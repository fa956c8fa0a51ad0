// /me: the signed-in member's own data (docs/api.md). Every route needs a valid session.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError } from '../../server/errors.ts';
import { keepAnswer } from '../../server/idempotency.ts';
import { verifyPassword } from '../../server/passwords.ts';
import { enforce, LIMITS } from '../../server/rate-limit.ts';
import { createSession, requireUser } from '../../server/sessions.ts';
import { json } from '../../server/validate.ts';
import { memberEntries } from '../giveaway/entries.server.ts';
import { mailingListSchema, passwordChangeSchema, profileSchema, vipSchema } from './account.ts';
import { resendConfirmation } from './confirmation.server.ts';
import { loadProfile } from './profile.server.ts';
import { setPassword } from './set-password.server.ts';

/** product.md 3: mailing-list signups made from the account area are marked with this source. */
export const ACCOUNT_SOURCE = 'Account';

export const meRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/profile', async (c) => c.json(await loadProfile(c.var.deps, c.var.user.id)))

  .put('/profile', json(profileSchema), async (c) => {
    const { deps, user } = c.var;
    const profile = c.req.valid('json');
    await deps.db
      .updateTable('users')
      .set({ ...profile, updated_at: deps.now() })
      .where('id', '=', user.id)
      .execute();
    return c.json(await loadProfile(deps, user.id));
  })

  .post('/profile/password', json(passwordChangeSchema), async (c) => {
    const { deps, user } = c.var;
    const { old_password, new_password } = c.req.valid('json');
    await enforce(deps, `password-change:${user.id}`, LIMITS.passwordChangePerUser);
    const row = await deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!row || !(await verifyPassword(row.password_hash, old_password))) {
      throw new ApiError(400, 'wrong_password', 'Your current password is incorrect.');
    }
    // Every session ends, this one too (a stolen copy of its token must not outlive the change); the
    // browser that made the change is handed a new session in its place (docs/decisions/0014-*).
    await setPassword(deps, user.id, new_password);
    return c.json({ ok: true, token: await createSession(deps, user.id) });
  })

  // The /account notice's "send it again": a new confirmation link, limited per account.
  .post('/email-confirmation', async (c) => {
    await resendConfirmation(c.var.deps, c.var.user.id);
    return c.json({ ok: true });
  })

  .put('/vip', json(vipSchema), async (c) => {
    const { deps, user } = c.var;
    const vip = c.req.valid('json');
    await deps.db
      .updateTable('users')
      .set({
        vip_registration_number: vip.registration_number,
        vip_secondary_number: vip.secondary_number,
        updated_at: deps.now(),
      })
      .where('id', '=', user.id)
      .execute();
    return c.json(await loadProfile(deps, user.id));
  })

  .post('/mailing-lists', json(mailingListSchema), async (c) => {
    const { deps, user } = c.var;
    const { lists } = c.req.valid('json');
    const profile = await loadProfile(deps, user.id);
    const keep = keepAnswer(c, 200);
    await deps.db.transaction().execute(async (trx) => {
      for (const list of new Set(lists)) {
        await trx
          .insertInto('mailing_list_members')
          .values({
            id: randomUUID(),
            email: profile.email,
            list,
            source: ACCOUNT_SOURCE,
            first_name: profile.first_name,
            last_name: profile.last_name,
            created_at: deps.now(),
          })
          .onConflict((oc) => oc.columns(['email', 'list']).doNothing())
          .execute();
      }
      await keep(trx, { ok: true });
    });
    return c.json({ ok: true });
  })

  .get('/entries', async (c) => c.json({ items: await memberEntries(c.var.deps, c.var.user.id) }))

  .delete('/', async (c) => {
    const { deps, user } = c.var;
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mailing_list_members').where('email', '=', user.email).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('email_confirmations').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      // The entries stay in the draws, unlinked: user_id is cleared by its foreign key, member_id
      // (the once-a-day-per-account key, migration 0017) and the account's mailbox (0020) here.
      await trx
        .updateTable('giveaway_entries')
        .set({ member_id: null, account_key: null })
        .where('user_id', '=', user.id)
        .execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
    return c.json({ ok: true });
  });
