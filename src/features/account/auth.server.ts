// /auth: register, sign in, sign out, password reset (docs/api.md, product.md 5.2, 5.3, 7).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { mailboxOf } from '../../lib/mailbox.ts';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, isUniqueViolation } from '../../server/errors.ts';
import { guardForm } from '../../server/form-guard.ts';
import { keepAnswer } from '../../server/idempotency.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../../server/passwords.ts';
import { enforce, LIMITS } from '../../server/rate-limit.ts';
import { clientIp } from '../../server/request.ts';
import { bearerToken, createSession, newSession } from '../../server/sessions.ts';
import { maskEmail, sha256 } from '../../server/tokens.ts';
import { json } from '../../server/validate.ts';
import { loginSchema, MESSAGES, registerSchema, resetRequestSchema, resetSubmitSchema } from './account.ts';
import { findAccount } from './accounts.server.ts';
import { confirmEmail, markVerified, storeConfirmation } from './confirmation.server.ts';
import { countAttempt, failureKey } from './login-limits.server.ts';
import { dropHeldSignUps } from './mailing-list.server.ts';
import { requestReset } from './reset.server.ts';
import { limitMailsToTarget, limitRequester } from './reset-limits.server.ts';
import { setPassword } from './set-password.server.ts';

const emailTaken = () =>
  new ApiError(
    409,
    'email_taken',
    'An account with this email address already exists. Sign in or reset your password.',
  );
const invalidToken = () => new ApiError(400, 'invalid_token', 'This reset link is invalid or has expired.');

export const authRoutes = new Hono<AppEnv>()
  // One account per mailbox, let in at once; the address then proves itself by the link mailed to
  // it (confirmation.server.ts, docs/decisions/0014-*).
  .post('/register', guardForm('register', registerSchema, { person: (data) => data.email }), async (c) => {
    const { deps } = c.var;
    const { email, password } = c.req.valid('json');
    if (await findAccount(deps, email)) throw emailTaken();
    const id = randomUUID();
    const now = deps.now();
    const passwordHash = await hashPassword(password);
    const session = newSession(deps, id);
    const answer = { token: session.token, user_id: id };
    const keep = keepAnswer(c, 201);
    try {
      // The account, its confirmation link and mail, and the session the visitor is let in with:
      // stored as one.
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id,
            email,
            mailbox: mailboxOf(email),
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await storeConfirmation(trx, deps, { id, email });
        await session.store(trx);
        await keep(trx, answer);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken(); // the same mailbox registered at the same moment
      throw error;
    }
    deps.jobs.kick();
    console.info(`[auth] account created for ${maskEmail(email)}`);
    return c.json(answer, 201);
  })

  .post('/login', json(loginSchema), async (c) => {
    const { deps } = c.var;
    const { email, password, human_check_token, confirm_token } = c.req.valid('json');
    const ip = clientIp(c);
    if (ip) await enforce(deps, `login-ip:${ip}`, LIMITS.loginPerIp);
    const account = await findAccount(deps, email);
    const attempt = await countAttempt(c, failureKey(email, account?.id), ip, human_check_token);
    const ok = account ? await verifyPassword(account.password_hash, password) : await verifyDummy(password);
    if (!account || !ok) {
      await attempt.failed();
      throw new ApiError(401, 'invalid_credentials', MESSAGES.loginFailed);
    }
    // The password and the mailed link together confirm the address (and end the other sessions).
    const confirmed = confirm_token ? await confirmEmail(deps, account.id, confirm_token) : false;
    await attempt.succeeded();
    return c.json({ token: await createSession(deps, account.id), user_id: account.id, confirmed });
  })

  // Always succeeds: signing out must work even with a session the server already ended.
  .post('/logout', async (c) => {
    const token = bearerToken(c);
    if (token) await c.var.deps.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
    return c.json({ ok: true });
  })

  .post('/password_reset/request', json(resetRequestSchema), async (c) => {
    const { deps } = c.var;
    const { email, form_ticket, human_check_token } = c.req.valid('json');
    const ip = clientIp(c);
    await limitRequester(c, ip, form_ticket);
    await limitMailsToTarget(c, email, ip, human_check_token);
    await requestReset(deps, email);
    return c.json({ ok: true });
  })

  // A token the schema refuses is a bad link, whatever else is wrong.
  .post(
    '/password_reset/submit',
    json(resetSubmitSchema, (_issues, fields) => (fields.reset_token ? invalidToken() : undefined)),
    async (c) => {
      const { deps } = c.var;
      const { reset_token, password } = c.req.valid('json');
      const tokenHash = sha256(reset_token);
      const reset = await deps.db
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', deps.now())
        .executeTakeFirst();
      if (!reset) throw invalidToken();
      // Every session ends (none is kept), and other links sent earlier die with this one.
      await setPassword(deps, reset.user_id, password, {
        // Claim the token first: of two submissions racing with one link, only one gets through.
        async before(trx) {
          const claimed = await trx
            .updateTable('password_resets')
            .set({ used_at: deps.now() })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw invalidToken();
          // The link came to the mailbox: its owner has the account now (every session ends below).
          // Taken over from an unconfirmed holder: the held list sign-ups were not the owner's.
          if (await markVerified(trx, reset.user_id, deps.now())) await dropHeldSignUps(trx, reset.user_id);
        },
      });
      return c.json({ ok: true });
    },
  );
