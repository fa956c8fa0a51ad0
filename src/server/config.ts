// Server settings, read from the environment at run time through one valibot schema (ENV_SCHEMA,
// one entry for each variable of the README's Configuration table that the server or the operator
// commands read: its type, default and meaning), parsed once per loadConfig. The parse lists every
// mistake with the variable's name (parseEnv), the checks between settings add theirs
// (settingProblems: production, several servers, the local stand-ins), and loadConfig refuses to
// start on any of them, all listed in one ConfigError: a server never runs on a setting it ignored.
// Read elsewhere, and so not here: at build time by astro.config.mjs and the pages (DEPLOY_TARGET,
// ASTRO_CACHE_DIR, SITE_URL, PUBLIC_API_KEY, PUBLIC_RECRUITING_SCRIPT_URL, PUBLIC_VITALS_SAMPLE_RATE,
// PUBLIC_VIDEO_EMBED_BASE, PUBLIC_CHARGE_CARD_FORM_URL, PUBLIC_FLEET_FUELING_FORM_URL,
// PUBLIC_MAP_STYLE_URL, PUBLIC_MAP_HOSTS); by `npm start` (SEED_SAMPLE_DATA); by the tests
// (CHROMIUM_PATH, E2E_PORT, E2E_DATA_DIR, CI).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { site } from '../site.config.ts';
import { isLoopbackHost, MAX_PROXY_HOPS, parseTrustProxy, type TrustProxy } from './ip.ts';
import { parseKeyList } from './key-list.ts';
import { log } from './log.ts';

export const DEFAULT_SITE_URL = 'http://localhost:4321';
export const DEFAULT_RETENTION_DAYS = 365;
/** The signing secret's least length: 32 characters, as many bits as a guess would need. */
export const MIN_SECRET_LENGTH = 32;
export const APPLICATION_KEY_FILE_NAME = 'application-keys.json';

type Env = Record<string, string | undefined>;

const meaning = v.description;
const text = (about: string) => v.pipe(v.optional(v.string()), meaning(about));
const textOr = (fallback: string, about: string) => v.pipe(v.optional(v.string(), fallback), meaning(about));
/** On with 1, true or on; off with 0, false or off; unset is off unless said otherwise. */
const flag = (about: string, fallback: '0' | '1' = '0') =>
  v.pipe(
    v.optional(v.picklist(['1', 'true', 'on', '0', 'false', 'off'], 'must be 1 (on) or 0 (off)'), fallback),
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
  DATA_DIR: textOr('data', 'folder of the SQLite database and the outbox'),
  KEYS_DIR: textOr(
    'keys',
    'folder of the generated secret.key and application-keys.json, outside DATA_DIR and its backups',
  ),
  DATABASE_URL: text('PostgreSQL connection string; unset uses SQLite in DATA_DIR'),
  SMTP_URL: text('SMTP server for outgoing mail; unset writes .eml files to the outbox'),
  MAIL_FROM: textOr(`"${site.name}" <no-reply@${site.slug}.example>`, 'sender of outgoing mail'),
  OUTBOX_DIR: text('where mail goes without SMTP_URL (DATA_DIR/outbox when unset)'),
  APP_SECRET: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.minLength(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`),
      ),
    ),
    meaning(
      'key that signs form tickets and local human-check tokens (generated into KEYS_DIR when unset; required with DATABASE_URL)',
    ),
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
  PUBLIC_MAP_PMTILES_URL: v.pipe(
    v.optional(
      v.pipe(v.string(), v.regex(/^\/[\w./-]+\.pmtiles$/, 'must be a path on this site ending in .pmtiles')),
    ),
    meaning('a PMTiles extract on this site that the locator map draws its streets from'),
  ),
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
  MIGRATE_ON_START: flag(
    '0: the server runs no migration, it only checks the schema (npm run admin -- db migrate)',
    '1',
  ),
  DRAIN_SECONDS: whole(
    0,
    600,
    10,
    'on SIGTERM: seconds the server keeps answering, with /readyz failing, before it closes',
  ),
  // At least 6 s: renewed every third of it, a claim outlives two missed renewals in a row (a busy
  // event loop, a database away for a moment) before another server may send the same mail again.
  JOB_LEASE_SECONDS: whole(
    6,
    86_400,
    30,
    'how long a claimed job (a mail) is held before another server may take it; renewed every third of it while the send runs',
  ),
  JOB_POLL_SECONDS: whole(
    1,
    3600,
    15,
    "how often an idle server looks for due jobs (retries, other servers' jobs)",
  ),
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), '0'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const trust = parseTrustProxy(dataset.value);
      if (trust !== undefined) return trust;
      addIssue({
        message:
          `must be 1 (one proxy), a number of proxies up to ${MAX_PROXY_HOPS}, or a comma-separated list ` +
          "of the trusted proxies' addresses and CIDR ranges",
      });
      return NEVER;
    }),
    meaning(
      'proxies in front of the server: a number of hops (1: the last X-Forwarded-For entry) or their address ranges',
    ),
  ),
  CLIENT_IP_HEADER: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9-]+$/, 'must be a header name, such as cf-connecting-ip'),
        v.toLowerCase(),
      ),
    ),
    meaning("a CDN's header holding the client address (cf-connecting-ip, x-nf-client-connection-ip)"),
  ),
  ALLOW_STAND_INS: flag('allow HUMAN_CHECK=local and GIFT_CARD_PROVIDER=local in production (the demo)'),
  NODE_ENV: text('production (set by `npm run serve`): stand-ins refused, SITE_URL required'),
  APPLICATION_KEYS: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          try {
            parseKeyList(dataset.value);
          } catch (error) {
            addIssue({ message: `is not a key list id:base64key,... (${(error as Error).message})` });
          }
        }),
      ),
    ),
    meaning('keys that seal stored applications, id:base64-of-32-bytes,... (first seals new records)'),
  ),
  APPLICATION_KEY_FILE: text(
    `key file used without APPLICATION_KEYS (KEYS_DIR/${APPLICATION_KEY_FILE_NAME} when unset)`,
  ),
  APPLICATION_RETENTION_DAYS: whole(
    1,
    36_500,
    DEFAULT_RETENTION_DAYS,
    'applications older than this are deleted (daily retention job, or applications purge)',
  ),
  ENTRY_RETENTION_DAYS: whole(
    1,
    36_500,
    365,
    "giveaway entries are deleted this many days after their promotion's end (winners stay)",
  ),
  CONTACT_RETENTION_DAYS: whole(
    1,
    36_500,
    730,
    'contact messages are deleted this many days after they came',
  ),
  VITALS_RETENTION_DAYS: whole(1, 36_500, 90, 'speed samples are deleted this many days after they came'),
  METRICS_PORT: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'must be a whole number from 1 to 65535'),
        v.transform(Number),
        v.minValue(1, 'must be a whole number from 1 to 65535'),
        v.maxValue(65_535, 'must be a whole number from 1 to 65535'),
      ),
    ),
    meaning('port of the Prometheus metrics (GET /metrics) on METRICS_HOST; unset: none'),
  ),
  METRICS_HOST: textOr('127.0.0.1', 'address of the metrics port (loopback unless set)'),
  METRICS_TOKEN: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.minLength(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`),
      ),
    ),
    meaning('bearer token Prometheus sends for /metrics: also served on the public port, only with it'),
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
/** Values never repeated in a message (the log keeps messages). */
const SECRET: ReadonlySet<EnvName> = new Set([
  'APP_SECRET',
  'APPLICATION_KEYS',
  'TURNSTILE_SECRET_KEY',
  'GIFT_CARD_API_KEY',
  'GEOCODER_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
]);

/**
 * The environment through ENV_SCHEMA: every value trimmed (an empty one counts as unset), every
 * mistake listed with its variable's name, and a variable with a mistake read as unset (its default:
 * loadConfig refuses to start on any mistake; the operator commands' own readings use the rest).
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
      message: `${name} ${result.issues[0]?.message}${SECRET.has(name) ? '' : ` (it is '${raw}')`}`,
    });
    values[name] = v.parse(entry, undefined);
  }
  return { env: values as ServerEnv, issues };
}

export interface Config {
  /** Folder for the SQLite file and the outbox. */
  dataDir: string;
  /**
   * Folder for the generated secret and application key file (KEYS_DIR): outside the data folder,
   * so that a backup of the data does not carry the keys that open it.
   */
  keysDir: string;
  /** PostgreSQL connection string; SQLite in dataDir when absent. */
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  /** Key for signed form tickets and local human-check tokens. */
  appSecret: string;
  /** APPLICATION_KEYS as set (checked at start); the key file is used when absent. */
  applicationKeys?: string;
  /** The application key file: APPLICATION_KEY_FILE, or KEYS_DIR/application-keys.json. */
  applicationKeyFile: string;
  publicApiKey: string;
  turnstileSecretKey?: string;
  turnstileSiteKey?: string;
  /**
   * HUMAN_CHECK=local: without Turnstile keys, forms use the local stand-in check. It must be
   * asked for: a production deploy that lost its keys refuses the forms instead of letting
   * anyone through. It runs only while SITE_URL is a loopback address (humanCheckMode).
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
  /** Which proxies' X-Forwarded-For to believe: off, a number of hops, or their ranges (ip.ts). */
  trustProxy: TrustProxy;
  /** A CDN's header that carries the client address (CLIENT_IP_HEADER), lower-case. */
  clientIpHeader?: string;
  siteUrl: string;
  /** The locator map's street basemap: a PMTiles extract on this site (PUBLIC_MAP_PMTILES_URL). */
  mapPmtilesUrl?: string | undefined;
  /**
   * GEOCODER_URL (and GEOCODER_KEY): an external geocode JSON service GET /geocode asks first; the
   * local gazetteer answers when unset or unreachable.
   */
  geocoderUrl?: string;
  geocoderKey?: string;
  /** false (MIGRATE_ON_START=0): migrations are an operator step; the server only checks the schema. */
  migrateOnStart?: boolean;
  /** JOB_LEASE_SECONDS: a claimed job's lease (src/server/jobs/queue.ts JOB_LEASE_MS when absent). */
  jobLeaseMs?: number;
  /** JOB_POLL_SECONDS: how often the worker looks for due jobs (src/server/jobs/worker.ts). */
  jobPollMs?: number;
  /** Prometheus metrics (src/server/http/metrics-server.ts): their own port, its address, the bearer token. */
  metricsPort?: number;
  metricsHost?: string;
  metricsToken?: string;
}

/** The start cannot go on: every mistake in the settings, one a line, each naming its setting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `The configuration has ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} ` +
        `(see the README, Configuration):\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    // Assigned here, not as a parameter property: Node loads this file by stripping types only.
    this.problems = problems;
  }
}

const isLoopbackUrl = (url: string): boolean => isLoopbackHost(URL.parse(url)?.hostname ?? '');

/**
 * Mistakes between settings, which no single value shows: the local stand-ins outside a loopback
 * site or in production, production without its public address, and a server that may be one of
 * several (PostgreSQL) without the secrets they must share.
 */
export function settingProblems(env: ServerEnv, environment: Env): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const isSet = (name: EnvName) => !!environment[name]?.trim();
  if (env.HUMAN_CHECK && !isLoopbackUrl(env.SITE_URL)) {
    problems.push(
      `HUMAN_CHECK=local lets anyone through and runs only on this machine, but SITE_URL is ${env.SITE_URL}, ` +
        'not a loopback address (localhost, 127.0.0.0/8, ::1). Set TURNSTILE_SECRET_KEY and ' +
        'PUBLIC_TURNSTILE_SITE_KEY for a public site.',
    );
  }
  if (production && !env.ALLOW_STAND_INS) {
    for (const name of ['HUMAN_CHECK', 'GIFT_CARD_PROVIDER'] as const) {
      if (env[name]) {
        problems.push(
          `${name}=local is a stand-in, refused in production (NODE_ENV=production) unless ` +
            'ALLOW_STAND_INS=1 says it is a demo.',
        );
      }
    }
  }
  if (production && !isSet('SITE_URL')) {
    problems.push(
      'SITE_URL must be set in production (NODE_ENV=production): the public address of the site.',
    );
  }
  // Several servers may share a PostgreSQL database: mail written to one machine's outbox folder
  // would be marked sent and never arrive.
  if (production && env.DATABASE_URL && !env.SMTP_URL && !env.ALLOW_STAND_INS) {
    problems.push(
      'SMTP_URL is not set: in production on PostgreSQL (DATABASE_URL) mail must go to an SMTP server, ' +
        "not to one machine's outbox folder. Set SMTP_URL (or ALLOW_STAND_INS=1 for a test setup).",
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    problems.push(
      `METRICS_PORT is ${env.METRICS_PORT}, the same as PORT: the metrics need a port of their own, ` +
        'where no visitor reaches them (or METRICS_TOKEN alone: /metrics on PORT with a bearer token).',
    );
  }
  // With PostgreSQL several servers may share the database: what one signs or seals, the others
  // must verify or open, so the keys cannot be each server's own. The application keys never go in
  // the database beside the applications they open.
  if (env.DATABASE_URL) {
    if (!env.APP_SECRET) {
      problems.push(
        'APP_SECRET must be set with DATABASE_URL: every server on the database signs and checks ' +
          `form tickets with it (${MIN_SECRET_LENGTH} or more random characters, the same on every server).`,
      );
    }
    const keyFile = env.APPLICATION_KEY_FILE;
    if (!env.APPLICATION_KEYS && !keyFile) {
      problems.push(
        'APPLICATION_KEYS (or APPLICATION_KEY_FILE) must be set with DATABASE_URL: every server on ' +
          'the database seals and opens applications with the same keys (id:base64 of 32 random bytes).',
      );
    } else if (!env.APPLICATION_KEYS && keyFile && !existsSync(resolve(keyFile))) {
      problems.push(
        `APPLICATION_KEY_FILE names ${resolve(keyFile)}, which does not exist: with DATABASE_URL the ` +
          'key file is placed by the operator, the same on every server (or set APPLICATION_KEYS).',
      );
    }
  }
  return problems;
}

/**
 * APP_SECRET when set; otherwise a random secret generated once and kept in KEYS_DIR/secret.key
 * (mode 600), so tickets stay valid across restarts and across processes sharing the folder. One
 * left in DATA_DIR by an earlier release is still read, so that tickets in flight stay valid.
 */
function appSecret(fromEnv: string | undefined, keysDir: string, dataDir: string): string {
  if (fromEnv) return fromEnv;
  const file = join(keysDir, 'secret.key');
  const earlier = join(dataDir, 'secret.key');
  if (!existsSync(file) && existsSync(earlier)) return readFileSync(earlier, 'utf8').trim();
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      throw new Error(
        `[config] Cannot write the generated secret ${file} (${code ?? error}): make the keys folder ` +
          '(KEYS_DIR) writable, or set APP_SECRET.',
      );
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** Variables that let the server run without a writable disk (Netlify functions, containers). */
const DISKLESS = 'DATABASE_URL (PostgreSQL), APP_SECRET, APPLICATION_KEYS and SMTP_URL';

/** Creates a folder the configuration needs, or says which setting would make it unnecessary. */
function ensureFolder(dir: string, what: string, instead: string): void {
  try {
    // Owner only: it holds the database, keys or the outbox (mail with reset links). A folder
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

/** The settings, or a ConfigError listing every mistake in them (the server then refuses to start). */
export function loadConfig(environment: Env = process.env): Config {
  const { env, issues } = parseEnv(environment);
  const problems = [...issues.map((issue) => issue.message), ...settingProblems(env, environment)];
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = resolve(env.DATA_DIR);
  const keysDir = resolve(env.KEYS_DIR);
  const databaseUrl = env.DATABASE_URL;
  const smtpUrl = env.SMTP_URL;
  const outboxDir = resolve(env.OUTBOX_DIR ?? join(dataDir, 'outbox'));
  // The data folder holds the SQLite file and the outbox, the keys folder the generated keys: with
  // PostgreSQL (which requires APP_SECRET and the application keys) nothing is written to either,
  // so a read-only disk is fine. Mail without SMTP_URL goes to the outbox.
  if (!databaseUrl) ensureFolder(dataDir, 'the data folder (DATA_DIR)', DISKLESS);
  if (!env.APP_SECRET || (!env.APPLICATION_KEYS && !env.APPLICATION_KEY_FILE)) {
    ensureFolder(keysDir, 'the keys folder (KEYS_DIR)', DISKLESS);
  }
  if (databaseUrl && !smtpUrl) ensureFolder(outboxDir, 'the mail outbox (OUTBOX_DIR)', 'SMTP_URL');
  const turnstileSecretKey = env.TURNSTILE_SECRET_KEY;
  return {
    dataDir,
    keysDir,
    databaseUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM,
    outboxDir,
    appSecret: appSecret(env.APP_SECRET, keysDir, dataDir),
    applicationKeys: env.APPLICATION_KEYS,
    applicationKeyFile: resolve(env.APPLICATION_KEY_FILE ?? join(keysDir, APPLICATION_KEY_FILE_NAME)),
    publicApiKey: env.PUBLIC_API_KEY,
    turnstileSecretKey,
    turnstileSiteKey: turnstileSecretKey ? env.PUBLIC_TURNSTILE_SITE_KEY : undefined,
    localHumanCheck: env.HUMAN_CHECK,
    giftCardApiUrl: env.GIFT_CARD_API_URL,
    giftCardApiKey: env.GIFT_CARD_API_KEY,
    localGiftCards: env.GIFT_CARD_PROVIDER,
    trustProxy: env.TRUST_PROXY,
    clientIpHeader: env.CLIENT_IP_HEADER,
    siteUrl: env.SITE_URL,
    geocoderUrl: env.GEOCODER_URL,
    geocoderKey: env.GEOCODER_KEY,
    migrateOnStart: env.MIGRATE_ON_START,
    mapPmtilesUrl: env.PUBLIC_MAP_PMTILES_URL,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    jobPollMs: env.JOB_POLL_SECONDS * 1000,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    metricsToken: env.METRICS_TOKEN,
  };
}

export type HumanCheckMode = 'turnstile' | 'local' | 'unavailable';

/**
 * Turnstile when its secret is set; else the local stand-in when asked for and the site is on this
 * machine (a loopback SITE_URL: however a server was started, a public site never waves people
 * through); else none (forms refused).
 */
export const humanCheckMode = (
  config: Pick<Config, 'turnstileSecretKey' | 'localHumanCheck' | 'siteUrl'>,
): HumanCheckMode => {
  if (config.turnstileSecretKey) return 'turnstile';
  return config.localHumanCheck && isLoopbackUrl(config.siteUrl) ? 'local' : 'unavailable';
};

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
  if (!config.trustProxy && !config.clientIpHeader && URL.parse(config.siteUrl)?.protocol === 'https:') {
    warnings.push(
      `SITE_URL is ${config.siteUrl} but TRUST_PROXY is off: behind a proxy every visitor would share ` +
        "the proxy's address for the per-address limits. Set TRUST_PROXY=1 when a proxy you control " +
        'sets X-Forwarded-For (docs/api.md, Limits, for other setups).',
    );
  }
  if (config.metricsPort && !config.metricsToken && !isLoopbackHost(config.metricsHost ?? '127.0.0.1')) {
    warnings.push(
      `METRICS_HOST is ${config.metricsHost} without METRICS_TOKEN: anyone who reaches port ` +
        `${config.metricsPort} of that address reads the metrics. Keep it on a private network, or set METRICS_TOKEN.`,
    );
  }
  const earlierKeyFile = join(config.dataDir, APPLICATION_KEY_FILE_NAME);
  if (!config.applicationKeys && earlierKeyFile !== config.applicationKeyFile && existsSync(earlierKeyFile)) {
    warnings.push(
      `The application keys are in ${earlierKeyFile}, inside the data folder, so a backup of the data ` +
        'holds the keys that open it. They are still used; move the file out: stop the server, ' +
        `mkdir -m 700 -p ${config.keysDir} && mv ${earlierKeyFile} ${config.applicationKeyFile}, and start ` +
        'it again (or set APPLICATION_KEY_FILE to where you keep it).',
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
