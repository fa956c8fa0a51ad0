// The maintenance switch (product.md 2.6): while it is on, every page answers product.md 2.6's 'We'll be
// back!' screen and the API 503 JSON, except for operators holding a signed cookie. It is on when
// MAINTENANCE=1 is set, or when an operator turned it on (`npm run admin -- maintenance on`, a row
// in site_settings), which takes effect within a second on every server, without a restart.
// Operators get in by a one-time link the command prints: only its SHA-256 is stored, it works
// once and for 15 minutes, for the maintenance it was made for only (named in the link, under the
// hash), and it sets a cookie that holds for 12 hours of that maintenance only.
import type { Kysely } from 'kysely';
import { setting } from '../config/index.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { randomToken, safeEqual, sha256, sign } from '../tokens.ts';

/** How long a read of the switch is trusted: the API's throughput matters more than a second. */
export const STATE_TTL_MS = 1000;
export const PASS_LIFETIME_MS = 15 * 60 * 1000;
export const OPERATOR_COOKIE_MS = 12 * 60 * 60 * 1000;
export const OPERATOR_COOKIE = 'kf_operator';
/** Where the one-time link lands (under the API, so that it works wherever the API runs). */
export const PASS_PATH = '/api/v1/maintenance/pass';
/** Seconds a client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 300;
export const MAINTENANCE_ERROR = {
  status: 503,
  code: 'maintenance',
  description: "We'll be back! The site is down for maintenance; please try again later.",
} as const;

export interface MaintenanceState {
  on: boolean;
  /** When it was turned on (epoch ms); 0 when only MAINTENANCE=1 holds it on. */
  since: number;
  /** 'setting' (the operator command) or 'environment' (MAINTENANCE=1). */
  source?: 'setting' | 'environment';
}

const SETTING = 'maintenance';
const fromEnvironment = () => setting('MAINTENANCE');

/** Reads the switch from the database (no cache): the operator command and the cached reader use it. */
export async function readMaintenance(db: Kysely<Database>): Promise<MaintenanceState> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  if (row) return { on: true, since: Number(row.value), source: 'setting' };
  return fromEnvironment() ? { on: true, since: 0, source: 'environment' } : { on: false, since: 0 };
}

/** Per database: the last state read, when its read began, and the read under way (at most one). */
const cache = new WeakMap<
  object,
  { at: number; known?: MaintenanceState; reading?: Promise<MaintenanceState> }
>();

/**
 * The switch as the server sees it, read at most once a second per database. Once known, a request
 * never waits for the next read: it gets the last known state while one read refreshes it, so a
 * database that does not answer slows no page (static ones included). When the read fails, the last
 * known state holds (or off): maintenance must not take the site down.
 */
export function maintenanceState(deps: Pick<AppDeps, 'db' | 'now'>): Promise<MaintenanceState> {
  const now = deps.now();
  const entry = cache.get(deps.db) ?? { at: -Infinity };
  cache.set(deps.db, entry);
  if (now - entry.at >= STATE_TTL_MS && !entry.reading) {
    entry.at = now;
    entry.reading = readMaintenance(deps.db)
      .then(
        (state) => (entry.known = state),
        () => (entry.known ??= { on: fromEnvironment(), since: 0 }),
      )
      .finally(() => {
        entry.reading = undefined;
      });
  }
  return entry.known ? Promise.resolve(entry.known) : (entry.reading as Promise<MaintenanceState>);
}

/** True when a fresh read says off: the API's common case, answered without waiting for anything. */
export function knownOff(deps: Pick<AppDeps, 'db' | 'now'>): boolean {
  const hit = cache.get(deps.db);
  return !!hit && hit.known?.on === false && deps.now() - hit.at < STATE_TTL_MS;
}

/** Forgets the cached state (tests, and the command's own process). */
export const forgetMaintenanceState = (db: object): boolean => cache.delete(db);

export async function setMaintenance(db: Kysely<Database>, on: boolean, now: number): Promise<void> {
  await db.deleteFrom('site_settings').where('name', '=', SETTING).execute();
  if (on)
    await db
      .insertInto('site_settings')
      .values({ name: SETTING, value: String(now), updated_at: now })
      .execute();
  forgetMaintenanceState(db);
}

/**
 * A one-time operator pass: the token goes into the printed link, its hash into the database. It
 * names the maintenance it is for: the switch's, or, while the switch is off, 0, that of
 * MAINTENANCE=1 (which the servers may have when this process has not).
 */
export async function createOperatorPass(db: Kysely<Database>, now: number): Promise<string> {
  const { since } = await readMaintenance(db);
  const token = `${since}.${randomToken()}`;
  await db.deleteFrom('operator_passes').where('expires_at', '<', now).execute();
  await db
    .insertInto('operator_passes')
    .values({ token_hash: sha256(token), expires_at: now + PASS_LIFETIME_MS, created_at: now })
    .execute();
  return token;
}

/**
 * Uses up a pass; true when it was valid (known, unused, not expired) and made for the maintenance
 * now on. Off, or another maintenance, it opens nothing and stays as it was: a cookie made then
 * would open a later maintenance of the same `since` (every MAINTENANCE=1 has 0).
 */
export async function redeemOperatorPass(
  db: Kysely<Database>,
  token: string,
  now: number,
  state: MaintenanceState,
): Promise<boolean> {
  if (!state.on || token.split('.', 1)[0] !== String(state.since)) return false;
  const gone = await db
    .deleteFrom('operator_passes')
    .where('token_hash', '=', sha256(token))
    .returning('expires_at')
    .executeTakeFirst();
  return !!gone && gone.expires_at > now;
}

/** The operator cookie's value: expiry and the maintenance it belongs to, signed with the app secret. */
export function operatorCookieValue(secret: string, since: number, now: number): string {
  const data = `${since}.${now + OPERATOR_COOKIE_MS}`;
  return `${data}.${sign(secret, 'operator', data)}`;
}

/** True when the Cookie header carries a valid operator cookie for this maintenance. */
export function isOperator(
  secret: string,
  cookieHeader: string | undefined | null,
  state: MaintenanceState,
  now: number,
): boolean {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OPERATOR_COOKIE}=`))
    ?.slice(OPERATOR_COOKIE.length + 1);
  if (!value) return false;
  const [since, expires, signature] = value.split('.');
  if (!since || !expires || !signature || Number(since) !== state.since || Number(expires) <= now)
    return false;
  return safeEqual(signature, sign(secret, 'operator', `${since}.${expires}`));
}

export function operatorSetCookie(value: string, secure: boolean): string {
  const maxAge = Math.floor(OPERATOR_COOKIE_MS / 1000);
  return `${OPERATOR_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether a request must get the maintenance answer: the switch is on and the request carries no
 * operator cookie. The one-time link and the health check always pass (monitors see the state there).
 */
export async function blockedByMaintenance(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  path: string,
  cookieHeader: string | undefined | null,
): Promise<MaintenanceState | undefined> {
  const state = await maintenanceState(deps);
  if (!state.on || path === PASS_PATH || path === '/api/v1/health') return undefined;
  return isOperator(deps.config.appSecret, cookieHeader, state, deps.now()) ? undefined : state;
}
