// Server settings, read from the environment at run time (see the README's Configuration table).
// Relative imports carry their `.ts` extension, so that Node itself can load it too (not only a bundler).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { site } from '../site.config.ts';
import { log } from './log.ts';

export const DEFAULT_SITE_URL = 'http://localhost:4321';

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
  /**
   * HUMAN_CHECK=local: without Turnstile keys, forms use the local stand-in check. It must be
   * asked for: a production deploy that lost its keys refuses the forms instead of letting
   * anyone through.
   */
  localHumanCheck: boolean;
  /**
   * Gift card balances: the card processor's balance endpoint (GIFT_CARD_API_URL, with its key
   * GIFT_CARD_API_KEY) in production; GIFT_CARD_PROVIDER=local asks for the local stand-in with
   * sample cards (never in production); with neither the check answers that it is unavailable.
   */
  giftCardApiUrl?: string;
  giftCardApiKey?: string;
  localGiftCards: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  siteUrl: string;
  /**
   * GEOCODER_URL (and GEOCODER_KEY): an external geocode JSON service GET /geocode asks first; the
   * local gazetteer answers when unset or unreachable.
   */
  geocoderUrl?: string;
  geocoderKey?: string;
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
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      throw new Error(
        `[config] Cannot write the generated secret ${file} (${code ?? error}): make the data folder ` +
          'writable, or set APP_SECRET.',
      );
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** Variables that let the server run without a writable disk (Netlify functions, containers). */
const DISKLESS = 'DATABASE_URL (PostgreSQL), APP_SECRET and SMTP_URL';

/** Creates a folder the configuration needs, or says which setting would make it unnecessary. */
function ensureFolder(dir: string, what: string, instead: string): void {
  try {
    // Owner only: it holds the database, the secret and the outbox (mail with reset links). A folder
    // that already exists keeps the mode its operator gave it.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(
      `[config] Cannot create ${what} ${dir} (${code}). On a read-only file system (a Netlify ` +
        `function, say) set ${instead}; see the README's Configuration table.`,
    );
  }
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(value(env, 'DATA_DIR') ?? 'data');
  const databaseUrl = value(env, 'DATABASE_URL');
  const smtpUrl = value(env, 'SMTP_URL');
  const outboxDir = resolve(value(env, 'OUTBOX_DIR') ?? join(dataDir, 'outbox'));
  // The data folder holds the SQLite file and the generated secret: with PostgreSQL and APP_SECRET
  // nothing is written there, so a read-only disk is fine. Mail without SMTP_URL goes to the outbox.
  if (!databaseUrl || !value(env, 'APP_SECRET'))
    ensureFolder(dataDir, 'the data folder (DATA_DIR)', DISKLESS);
  else if (!smtpUrl) ensureFolder(outboxDir, 'the mail outbox (OUTBOX_DIR)', 'SMTP_URL');
  const turnstileSecretKey = value(env, 'TURNSTILE_SECRET_KEY');
  return {
    dataDir,
    databaseUrl,
    smtpUrl,
    mailFrom: value(env, 'MAIL_FROM') ?? `"${site.name}" <no-reply@${site.slug}.example>`,
    outboxDir,
    appSecret: appSecret(env, dataDir),
    publicApiKey: value(env, 'PUBLIC_API_KEY') ?? DEFAULT_API_KEY,
    turnstileSecretKey,
    turnstileSiteKey: turnstileSecretKey ? value(env, 'PUBLIC_TURNSTILE_SITE_KEY') : undefined,
    localHumanCheck: value(env, 'HUMAN_CHECK') === 'local',
    giftCardApiUrl: value(env, 'GIFT_CARD_API_URL'),
    giftCardApiKey: value(env, 'GIFT_CARD_API_KEY'),
    localGiftCards: value(env, 'GIFT_CARD_PROVIDER') === 'local',
    trustProxy: value(env, 'TRUST_PROXY') === '1' || value(env, 'TRUST_PROXY') === 'true',
    siteUrl: (value(env, 'SITE_URL') ?? DEFAULT_SITE_URL).replace(/\/+$/, ''),
    geocoderUrl: value(env, 'GEOCODER_URL'),
    geocoderKey: value(env, 'GEOCODER_KEY'),
  };
}

export type HumanCheckMode = 'turnstile' | 'local' | 'unavailable';

/** Turnstile when its secret is set; else the local stand-in when asked for; else none (forms refused). */
export const humanCheckMode = (
  config: Pick<Config, 'turnstileSecretKey' | 'localHumanCheck'>,
): HumanCheckMode =>
  config.turnstileSecretKey ? 'turnstile' : config.localHumanCheck ? 'local' : 'unavailable';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** Settings that leave the site broken in a way nobody would notice until visitors complain. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const mode = humanCheckMode(config);
  if (mode === 'unavailable') {
    warnings.push(
      'No human check is configured: every form that needs it (sign-up and the other public forms) ' +
        'is refused. Set TURNSTILE_SECRET_KEY and PUBLIC_TURNSTILE_SITE_KEY, or HUMAN_CHECK=local ' +
        'for a local test setup only.',
    );
  }
  if (mode === 'turnstile' && !config.turnstileSiteKey) {
    warnings.push(
      'TURNSTILE_SECRET_KEY is set without PUBLIC_TURNSTILE_SITE_KEY: forms cannot show the Turnstile ' +
        'widget, so every human check fails. Set both.',
    );
  }
  const host = URL.parse(config.siteUrl)?.hostname;
  if (mode === 'turnstile' && (!host || LOCAL_HOSTS.has(host))) {
    warnings.push(
      `Turnstile is configured but SITE_URL is ${config.siteUrl}: Turnstile tokens carry the public ` +
        "site's hostname, so every human check fails. Set SITE_URL to the site's public address.",
    );
  }
  // This server speaks plain HTTP: an https SITE_URL means a proxy terminates TLS in front of it.
  if (!config.trustProxy && URL.parse(config.siteUrl)?.protocol === 'https:') {
    warnings.push(
      `SITE_URL is ${config.siteUrl} but TRUST_PROXY is off: behind a proxy every visitor would share ` +
        "the proxy's address for the per-address limits. Set TRUST_PROXY=1 when a proxy you control " +
        'sets X-Forwarded-For.',
    );
  }
  return warnings;
}

const WARNED = Symbol.for('kwikfill.config-warned');
const WARNED_AT_RUN_TIME = Symbol.for('kwikfill.run-time-warnings');

/**
 * Logs a warning about the setup found while serving (e.g. a proxy in front without TRUST_PROXY),
 * once per process and kind, in the same form as the start-up warnings.
 */
export function warnOnce(kind: string, warning: string): void {
  const scope = globalThis as typeof globalThis & { [WARNED_AT_RUN_TIME]?: Set<string> };
  scope[WARNED_AT_RUN_TIME] ??= new Set();
  const seen = scope[WARNED_AT_RUN_TIME];
  if (seen.has(kind)) return;
  seen.add(kind);
  log.warn({ warning: kind }, warning);
}

/**
 * Logs configWarnings once per process, at start: the Node server (src/server/http/server.ts) calls it before listening and
 * the bundled API (a separate copy of this module, hence the flag on globalThis) when it starts.
 */
export function warnAboutConfig(config: Config): void {
  const scope = globalThis as typeof globalThis & { [WARNED]?: boolean };
  if (scope[WARNED]) return;
  scope[WARNED] = true;
  for (const warning of configWarnings(config)) log.warn({ warning: 'configuration' }, warning);
}
