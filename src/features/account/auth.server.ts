// /auth: register, sign in, sign out, password reset (docs/api.md, product.md 5.2, 5.3, 7).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, isUniqueViolation } from '../../server/errors.ts';
import { publicForm } from '../../server/form-guard.ts';
import { clientIp } from '../../server/http.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../../server/passwords.ts';
import { emailKey, enforce, LIMITS } from '../../server/rate-limit.ts';
import { bearerToken, createSession } from '../../server/sessions.ts';
import { maskEmail, sha256 } from '../../server/tokens.ts';
import { json } from '../../server/validate.ts';
import { loginSchema, MESSAGES, registerSchema, resetRequestSchema, resetSubmitSchema } from './account.ts';
import { clearFailures, countFailure, requireCheckAfterFailures } from './login-limits.server.ts';
import { requestReset } from './reset.server.ts';
import { setPassword } from './set-password.server.ts';

const emailTaken = () =>
  new ApiError(
    409,
    'email_taken',
    'An account with this email address already exists. Sign in or reset your password.',
  );
const invalidToken = () => new ApiError(400, 'invalid_token', 'This reset link is invalid or has expired.');

export const authRoutes = new Hono<AppEnv>()
  .post('/register', publicForm('register', registerSchema, { person: (data) => data.email }), async (c) => {
    const { deps } = c.var;
    const { email, password } = c.req.valid('json');
    const taken = await deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken) throw emailTaken();
    const id = randomUUID();
    const now = deps.now();
    try {
      await deps.db
        .insertInto('users')
        .values({ id, email, password_hash: await hashPassword(password), created_at: now, updated_at: now })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken(); // registered at the same moment
      throw error;
    }
    console.info(`[auth] account created for ${maskEmail(email)}`);
    return c.json({ token: await createSession(deps, id), user_id: id }, 201);
  })

  .post('/login', json(loginSchema), async (c) => {
    const { deps } = c.var;
    const { email, password, human_check_token } = c.req.valid('json');
    const ip = clientIp(c);
    if (ip) await enforce(deps, `login-ip:${ip}`, LIMITS.loginPerIp);
    await requireCheckAfterFailures(c, email, ip, human_check_token);
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyDummy(password);
    if (!user || !ok) {
      await countFailure(deps, email, ip);
      throw new ApiError(401, 'invalid_credentials', MESSAGES.loginFailed);
    }
    await clearFailures(deps, email);
    return c.json({ token: await createSession(deps, user.id), user_id: user.id });
  })

  // Always succeeds: signing out must work even with a session the server already ended.
  .post('/logout', async (c) => {
    const token = bearerToken(c);
    if (token) await c.var.deps.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
    return c.json({ ok: true });
  })

  .post('/password_reset/request', json(resetRequestSchema), async (c) => {
    const { deps } = c.var;
    const { email } = c.req.valid('json');
    const ip = clientIp(c);
    if (ip) await enforce(deps, `reset-ip:${ip}`, LIMITS.resetPerIp);
    await enforce(deps, `reset-email:${emailKey(email)}`, LIMITS.resetPerEmail);
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
        },
      });
      return c.json({ ok: true });
    },
  );
