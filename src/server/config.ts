// Server settings, read from the environment at run time through one valibot schema (ENV_SCHEMA,
// one entry for each variable of the README's Configuration table that the server or the operator
// commands read: its type, default and meaning), parsed once per loadConfig. The parse lists every
// mistake with the variable's name (parseEnv); a variable with a mistake counts as unset and the
// mistake is one of the start-up warnings (configWarnings).
// Read elsewhere, and so not here: at build time by astro.config.mjs and the pages (DEPLOY_TARGET,
// ASTRO_CACHE_DIR, SITE_URL, PUBLIC_API_KEY, PUBLIC_RECRUITING_SCRIPT_URL, PUBLIC_VITALS_SAMPLE_RATE,
// PUBLIC_VIDEO_EMBED_BASE, PUBLIC_CHARGE_CARD_FORM_URL, PUBLIC_FLEET_FUELING_FORM_URL,
// PUBLIC_MAP_STYLE_URL, PUBLIC_MAP_HOSTS); by `npm start` (SEED_SAMPLE_DATA); by the tests
// (CHROMIUM_PATH, E2E_PORT, E2E_DATA_DIR, CI).
// Relative imports carry their `.ts` extension, so that Node itself can load it too (not only a bundler).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { site } from '../site.config.ts';
import { log } from './log.ts';

export const DEFAULT_SITE_URL = 'http://localhost:4321';
export const DEFAULT_RETENTION_DAYS = 365;

type Env = Record<string, string | undefined>;

const meaning = v.description;
const text = (about: string) => v.pipe(v.optional(v.string()), meaning(about));
const textOr = (fallback: string, about: string) => v.pipe(v.optional(v.string(), fallback), meaning(about));
/** On with 1, true or on; off with 0, false or off (or unset). */
const flag = (about: string) =>
  v.pipe(
    v.optional(v.picklist(['1', 'true', 'on', '0', 'false', 'off'], 'must be 1 (on) or 0 (off)'), '0'),
    v.transform((value) => ['1', 'true', 'on'].includes(value)),
    meaning(about),
  );
/** The one value that turns a stand-in on ('local'); off when unset (or 'off'). */
const standIn = (about: string) =>
  v.pipe(
    v.optional(v.picklist(['local', 'off'], "must be 'local' or unset"), 'off'),
    v.transform((value) => value === 'local'),
    meaning(about),
  );
const webAddress = (message: string) =>
  v.pipe(
    v.string(),
    v.check((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''), message),
  );
const whole = (min: number, max: number, fallback: number, about: string) =>
  v.pipe(
    v.optional(
      v.pipe(v.string(), v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)),
      String(fallback),
    ),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
    meaning(about),
  );

/** Every variable the server and the operator commands read (README, Configuration). */
export const ENV_SCHEMA = v.object({
  PORT: whole(1, 65_535, 4321, 'port to listen on'),
  HOST: textOr('127.0.0.1', 'address to listen on (0.0.0.0 to accept outside connections)'),
  LOG_LEVEL: v.pipe(
    v.optional(
      v.picklist(
        ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
        'must be a pino level: debug, info, warn, error or silent',
      ),
    ),
    meaning('the JSON log on stdout (read by log.ts; info, or silent under Vitest, when unset)'),
  ),
  SITE_URL: v.pipe(
    v.optional(webAddress('must be an http:// or https:// address'), DEFAULT_SITE_URL),
    v.transform((url) => url.replace(/\/+$/, '')),
    meaning('public address of the site: links in mail, the hostname Turnstile tokens come from'),
  ),
  DIST_DIR: textOr('dist', 'build output folder inside the project'),
  DATA_DIR: textOr('data', 'folder of the SQLite database, the outbox and the generated secret.key'),
  DATABASE_URL: text('PostgreSQL connection string; unset uses SQLite in DATA_DIR'),
  SMTP_URL: text('SMTP server for outgoing mail; unset writes .eml files to the outbox'),
  MAIL_FROM: textOr(`"${site.name}" <no-reply@${site.slug}.example>`, 'sender of outgoing mail'),
  OUTBOX_DIR: text('where mail goes without SMTP_URL (DATA_DIR/outbox when unset)'),
  APP_SECRET: text(
    'key that signs form tickets and local human-check tokens (generated into DATA_DIR when unset)',
  ),
  PUBLIC_API_KEY: textOr(DEFAULT_API_KEY, 'public key the web client sends as X-API-Key'),
  TURNSTILE_SECRET_KEY: text('Cloudflare Turnstile secret: tokens are verified with siteverify'),
  PUBLIC_TURNSTILE_SITE_KEY: text(
    'Cloudflare Turnstile site key handed to the widgets (with the secret only)',
  ),
  HUMAN_CHECK: standIn('local: the local stand-in human check when no Turnstile keys are set'),
  GIFT_CARD_API_URL: v.pipe(
    v.optional(webAddress('must be an http:// or https:// address')),
    meaning("the card processor's balance endpoint"),
  ),
  GIFT_CARD_API_KEY: text('key sent to the card processor as a bearer token'),
  GIFT_CARD_PROVIDER: standIn('local: the local stand-in with sample cards when no processor is set'),
  GEOCODER_URL: v.pipe(
    v.optional(webAddress('must be an http:// or https:// address')),
    meaning('an external geocode JSON service asked before the local gazetteer'),
  ),
  GEOCODER_KEY: text('the key parameter sent to GEOCODER_URL'),
  NETLIFY_PURGE_TOKEN: text(
    "a Netlify token allowed to purge the site's CDN cache: operator commands purge what they change",
  ),
  NETLIFY_SITE_ID: text('the Netlify site whose CDN cache NETLIFY_PURGE_TOKEN purges'),
  NETLIFY_API_URL: v.pipe(
    v.optional(webAddress('must be an http:// or https:// address')),
    meaning("Netlify's API, for the purge (https://api.netlify.com when unset)"),
  ),
  PURGE_WEBHOOK_URL: v.pipe(
    v.optional(webAddress('must be an http:// or https:// address')),
    meaning('without Netlify: POSTed {"tags": [...]} to purge another CDN when operators change data'),
  ),
  MAINTENANCE: flag('hold the maintenance screen on from the start'),
  TRUST_PROXY: flag('behind a reverse proxy: the client address is the last X-Forwarded-For entry'),
  APPLICATION_KEYS: text(
    'keys that seal stored applications, id:base64-of-32-bytes,... (first seals new records)',
  ),
  APPLICATION_KEY_FILE: text(
    'key file used without APPLICATION_KEYS (DATA_DIR/application-keys.json when unset)',
  ),
  APPLICATION_RETENTION_DAYS: whole(
    1,
    36_500,
    DEFAULT_RETENTION_DAYS,
    'applications purge deletes applications older than this',
  ),
  CREDIT_DEPARTMENT_EMAIL: v.pipe(
    v.optional(v.pipe(v.string(), v.email('must be an email address')), 'credit@kwikfill.example'),
    meaning('who is mailed that an application arrived'),
  ),
});

export type ServerEnv = v.InferOutput<typeof ENV_SCHEMA>;
export type EnvName = keyof ServerEnv;

export interface EnvIssue {
  name: EnvName;
  message: string;
}

const NAMES = Object.keys(ENV_SCHEMA.entries) as EnvName[];

/**
 * The environment through ENV_SCHEMA: every value trimmed (an empty one counts as unset), every
 * mistake listed with its variable's name, and a variable with a mistake read as unset (its default).
 */
export function parseEnv(env: Env = process.env): { env: ServerEnv; issues: EnvIssue[] } {
  const values: Record<string, unknown> = {};
  const issues: EnvIssue[] = [];
  for (const name of NAMES) {
    const entry = ENV_SCHEMA.entries[name] as v.GenericSchema;
    const raw = env[name]?.trim() || undefined;
    const result = v.safeParse(entry, raw);
    if (result.success) {
      values[name] = result.output;
      continue;
    }
    issues.push({
      name,
      message: `${name} ${result.issues[0]?.message} (it is '${raw}'); its default is used`,
    });
    values[name] = v.parse(entry, undefined);
  }
  return { env: values as ServerEnv, issues };
}

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
  /** Mistakes in the environment (parseEnv), each naming its variable; said at start as warnings. */
  envIssues?: string[];
}

/**
 * APP_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR/secret.key
 * (mode 600), so tickets stay valid across restarts and across processes sharing the folder.
 */
function appSecret(fromEnv: string | undefined, dataDir: string): string {
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

export function loadConfig(environment: Env = process.env): Config {
  const { env, issues } = parseEnv(environment);
  const dataDir = resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL;
  const smtpUrl = env.SMTP_URL;
  const outboxDir = resolve(env.OUTBOX_DIR ?? join(dataDir, 'outbox'));
  // The data folder holds the SQLite file and the generated secret: with PostgreSQL and APP_SECRET
  // nothing is written there, so a read-only disk is fine. Mail without SMTP_URL goes to the outbox.
  if (!databaseUrl || !env.APP_SECRET) ensureFolder(dataDir, 'the data folder (DATA_DIR)', DISKLESS);
  else if (!smtpUrl) ensureFolder(outboxDir, 'the mail outbox (OUTBOX_DIR)', 'SMTP_URL');
  const turnstileSecretKey = env.TURNSTILE_SECRET_KEY;
  return {
    dataDir,
    databaseUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM,
    outboxDir,
    appSecret: appSecret(env.APP_SECRET, dataDir),
    publicApiKey: env.PUBLIC_API_KEY,
    turnstileSecretKey,
    turnstileSiteKey: turnstileSecretKey ? env.PUBLIC_TURNSTILE_SITE_KEY : undefined,
    localHumanCheck: env.HUMAN_CHECK,
    giftCardApiUrl: env.GIFT_CARD_API_URL,
    giftCardApiKey: env.GIFT_CARD_API_KEY,
    localGiftCards: env.GIFT_CARD_PROVIDER,
    trustProxy: env.TRUST_PROXY,
    siteUrl: env.SITE_URL,
    geocoderUrl: env.GEOCODER_URL,
    geocoderKey: env.GEOCODER_KEY,
    envIssues: issues.map((issue) => issue.message),
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
  const warnings: string[] = [...(config.envIssues ?? [])];
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
