// Server half of the human check (the browser half: src/features/human-check/; why two trees:
// docs/decisions/0005). With TURNSTILE_SECRET_KEY: Cloudflare Turnstile's siteverify,
// checking success, the hostname (SITE_URL's) and the action. Otherwise, only with HUMAN_CHECK=local
// and a loopback SITE_URL (src/server/human-check/mode.ts): a local stand-in whose tokens
// are HMAC-signed by this server, bound to an action, valid 5 minutes. With neither, every check fails (the forms are refused, never waved through). A token
// is accepted once (its hash goes into used_tokens).
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.ts';
import { sweepDue } from '../sweep-schedule.ts';
import { randomToken, safeEqual, sha256, sign } from '../tokens.ts';
import { humanCheckMode } from './mode.ts';

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const LOCAL_TOKEN_LIFETIME_MS = 5 * 60 * 1000;
/** Turnstile tokens live 300 s; remembering them twice that long covers clock differences. */
const TURNSTILE_MEMORY_MS = 10 * 60 * 1000;
const SITEVERIFY_TIMEOUT_MS = 8000;
/** Turnstile's own limits: up to 32 characters of letters, digits, '-' and '_'. */
export const ACTION_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const LOCAL_PREFIX = 'local';

export function issueLocalToken(deps: AppDeps, action: string): string {
  const payload = `${action}.${deps.now() + LOCAL_TOKEN_LIFETIME_MS}.${randomToken(12)}`;
  return `${LOCAL_PREFIX}.${payload}.${sign(deps.config.appSecret, 'human-check', payload)}`;
}

function checkLocalToken(deps: AppDeps, token: string, action: string): boolean {
  const [prefix, tokenAction, expires, nonce, signature, ...rest] = token.split('.');
  if (prefix !== LOCAL_PREFIX || rest.length > 0 || !signature || tokenAction !== action) return false;
  const payload = `${tokenAction}.${expires}.${nonce}`;
  if (!safeEqual(signature, sign(deps.config.appSecret, 'human-check', payload))) return false;
  return Number(expires) > deps.now();
}

/** A token that passed its check, not yet remembered as used (markUsed). */
interface PassedToken {
  hash: string;
  expiresAt: number;
}

/** Forgets the expired tokens now and then (src/server/sweep-schedule.ts). */
async function sweepUsedTokens(deps: AppDeps): Promise<void> {
  const now = deps.now();
  if (sweepDue(deps.db, 'used_tokens', now)) {
    await deps.db.deleteFrom('used_tokens').where('expires_at', '<', now).execute();
  }
}

/** Remembers a token as used; false when it had been used before (also between two racing requests). */
async function markUsed(deps: AppDeps, passed: PassedToken): Promise<boolean> {
  await sweepUsedTokens(deps);
  // Written as SQL (the same on both databases): every public form's submission runs it, and
  // Kysely's builder took longer to build it than the database to run it (bench/server.mjs).
  const result = await sql`insert into "used_tokens" ("token_hash", "expires_at")
    values (${passed.hash}, ${passed.expiresAt})
    on conflict ("token_hash") do nothing`.execute(deps.db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

const hashOf = (token: string) => sha256(`human-check|${token}`);

async function alreadyUsed(deps: AppDeps, token: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('used_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  return !!row;
}

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  action?: unknown;
  'error-codes'?: unknown;
}

async function siteverify(deps: AppDeps, token: string, ip: string): Promise<SiteverifyAnswer | undefined> {
  const form = new URLSearchParams({
    secret: deps.config.turnstileSecretKey ?? '',
    response: token,
    idempotency_key: randomUUID(),
  });
  // Only a whole address: an IPv6 client comes here as its /64 network (src/server/ip.ts), which
  // Turnstile cannot use (it is optional).
  if (isIP(ip)) form.set('remoteip', ip);
  try {
    const response = await deps.fetch(SITEVERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    return (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    // Unreachable or a garbled answer: the check fails (a 400 to the visitor, never a 5xx).
    console.warn('[human-check] siteverify failed:', (error as Error)?.message ?? error);
    return undefined;
  }
}

export interface HumanCheckInput {
  token: unknown;
  action: string;
  ip: string;
}

/** The token's check without taking it: a PassedToken when it proves a human for this action. */
async function checkHumanToken(
  deps: AppDeps,
  { token, action, ip }: HumanCheckInput,
): Promise<PassedToken | undefined> {
  const mode = humanCheckMode(deps.config);
  if (mode === 'unavailable') return undefined;
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return undefined;
  if (mode === 'local') {
    if (!checkLocalToken(deps, token, action)) return undefined;
    return { hash: hashOf(token), expiresAt: deps.now() + LOCAL_TOKEN_LIFETIME_MS };
  }
  if (token.startsWith(`${LOCAL_PREFIX}.`) || (await alreadyUsed(deps, token))) return undefined;
  const answer = await siteverify(deps, token, ip);
  if (answer?.success !== true) return undefined;
  if (answer.hostname !== new URL(deps.config.siteUrl).hostname || answer.action !== action) return undefined;
  return { hash: hashOf(token), expiresAt: deps.now() + TURNSTILE_MEMORY_MS };
}

/** True when the token proves a human for this action and had not been used before; takes it. */
export async function verifyHumanCheck(deps: AppDeps, input: HumanCheckInput): Promise<boolean> {
  const passed = await checkHumanToken(deps, input);
  return passed !== undefined && (await markUsed(deps, passed));
}
