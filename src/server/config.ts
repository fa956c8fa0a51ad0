// Server settings, read from the environment at run time (see the README's Configuration table).
// Imported natively by scripts/serve.mjs too, so relative imports carry their `.ts` extension.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { site } from '../site.config.ts';

export const DEFAULT_API_KEY = 'kwikfill-public-web';

export interface Config {
  /** Folder for the SQLite file, the outbox and the generated secret. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in dataDir when absent. */
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  /** Key for signed form tickets and local human-check tokens. */
  appSecret: string;
  publicApiKey: string;
  turnstileSecretKey?: string;
  turnstileSiteKey?: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  siteUrl: string;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
};

/**
 * APP_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR/secret.key
 * (mode 600), so tickets stay valid across restarts and across processes sharing the folder.
 */
function appSecret(env: Env, dataDir: string): string {
  const fromEnv = value(env, 'APP_SECRET');
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'secret.key');
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(value(env, 'DATA_DIR') ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const turnstileSecretKey = value(env, 'TURNSTILE_SECRET_KEY');
  return {
    dataDir,
    databaseUrl: value(env, 'DATABASE_URL'),
    smtpUrl: value(env, 'SMTP_URL'),
    mailFrom: value(env, 'MAIL_FROM') ?? `"${site.name}" <no-reply@${site.slug}.example>`,
    outboxDir: resolve(value(env, 'OUTBOX_DIR') ?? join(dataDir, 'outbox')),
    appSecret: appSecret(env, dataDir),
    publicApiKey: value(env, 'PUBLIC_API_KEY') ?? DEFAULT_API_KEY,
    turnstileSecretKey,
    turnstileSiteKey: turnstileSecretKey ? value(env, 'PUBLIC_TURNSTILE_SITE_KEY') : undefined,
    trustProxy: value(env, 'TRUST_PROXY') === '1' || value(env, 'TRUST_PROXY') === 'true',
    siteUrl: (value(env, 'SITE_URL') ?? 'http://localhost:4321').replace(/\/+$/, ''),
  };
}
