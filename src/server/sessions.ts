// Sessions: the client holds a random 32-byte token; the database holds only its SHA-256 hash.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, User } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A new session: the token for the client, and the write that stores its hash in `db` (the
 * database, or the transaction of a route that stores it with other writes: a registration).
 */
export function newSession(
  deps: AppDeps,
  userId: string,
): { token: string; store: (db: AppDeps['db']) => Promise<void> } {
  const token = randomToken(32);
  const now = deps.now();
  const values = {
    token_hash: sha256(token),
    user_id: userId,
    created_at: now,
    expires_at: now + SESSION_LIFETIME_MS,
  };
  return {
    token,
    store: async (db) => {
      await db.insertInto('sessions').values(values).execute();
    },
  };
}

/** A new session of an existing account (a sign-in, a password change). */
export async function createSession(deps: AppDeps, userId: string): Promise<string> {
  const { token, store } = newSession(deps, userId);
  await store(deps.db);
  const now = deps.now();
  // Expired sessions are of no further use: this user's now, everyone's by the daily retention job.
  await deps.db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  return token;
}

/** The retention job's part (src/features/retention.server.ts): sessions past their end. */
export async function purgeExpiredSessions(db: AppDeps['db'], now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The bearer token of the request, if any. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

export async function findSessionUser(deps: AppDeps, tokenHash: string): Promise<User | undefined> {
  return deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', deps.now())
    .executeTakeFirst();
}

/** For /me routes: a valid, unexpired session or 401 unauthorized. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Already checked for this request (app.ts: before a kept answer of an account's route is replayed);
  // nothing but this check sets the two.
  if (c.var.user && c.var.sessionHash) return next();
  const token = bearerToken(c);
  const tokenHash = token ? sha256(token) : undefined;
  const user = tokenHash ? await findSessionUser(c.var.deps, tokenHash) : undefined;
  if (!user || !tokenHash) throw ApiError.of(ERRORS.unauthorized);
  c.set('user', user);
  c.set('sessionHash', tokenHash);
  await next();
};
