// The settings' schema: one valibot entry for each variable of the Configuration table (docs/operations.md) that
// the server or the operator commands read (its type, default and meaning), and parseEnv, which reads
// the environment through it and lists every mistake with the variable's name. Adding a setting: its
// entry here, and its field in Config (settings.ts) when the server reads it from there.
// SITE_URL and PUBLIC_API_KEY are here and also read by the build. Read only elsewhere, and so not
// here: at build time by astro.config.mjs and the pages (DEPLOY_TARGET, ASTRO_CACHE_DIR,
// PUBLIC_RECRUITING_SCRIPT_URL, PUBLIC_VITALS_SAMPLE_RATE,
// PUBLIC_VIDEO_EMBED_BASE, PUBLIC_CHARGE_CARD_FORM_URL, PUBLIC_FLEET_FUELING_FORM_URL,
// PUBLIC_MAP_STYLE_URL, PUBLIC_MAP_HOSTS); by `npm start` (SEED_SAMPLE_DATA); by the tests
// (CHROMIUM_PATH, E2E_PORT, E2E_DATA_DIR, CI).
import * as v from 'valibot';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { site } from '../../site.config.ts';
import { MAX_PROXY_HOPS, parseTrustProxy } from '../ip.ts';
import { parseKeyList } from '../key-list.ts';

export const DEFAULT_SITE_URL = 'http://localhost:4321';
export const DEFAULT_RETENTION_DAYS = 365;
/** The signing secret's least length: 32 characters, as many bits as a guess would need. */
export const MIN_SECRET_LENGTH = 32;
export const APPLICATION_KEY_FILE_NAME = 'application-keys.json';

export type Env = Record<string, string | undefined>;

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
/** A list of addresses in one setting, separated by spaces or commas. */
const addressList = (value: string): string[] => value.split(/[\s,]+/).filter(Boolean);
const webAddress = (message: string) =>
  v.pipe(
    v.string(),
    v.check((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''), message),
  );
/**
 * DATABASE_POOL_SIZE's default, also for a handle opened without the settings: 4 by measurement
 * (docs/decisions/0021-postgresql-round-trips.md): on two cores shared with PostgreSQL, 4 connections
 * per server carried more entries a second than 6 or 10.
 */
export const DEFAULT_POOL_SIZE = 4;
/**
 * DATABASE_TIMEOUT_SECONDS's default: long enough for any query of ours, operator commands and
 * migrations included; a PostgreSQL that stopped answering costs a request no more (src/server/db/database.ts).
 */
export const DEFAULT_DATABASE_TIMEOUT_SECONDS = 15;

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

/** Every variable the server and the operator commands read (docs/operations.md, Configuration). */
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
  DATABASE_POOL_SIZE: whole(
    1,
    100,
    DEFAULT_POOL_SIZE,
    "PostgreSQL pool connections each server keeps; about PostgreSQL's cores times two, shared by the servers",
  ),
  DATABASE_PREPARED_STATEMENTS: flag(
    '0: PostgreSQL statements are sent unnamed (behind a pooler without a connection per client, such as PgBouncer in transaction mode without max_prepared_statements)',
    '1',
  ),
  DATABASE_TIMEOUT_SECONDS: whole(
    1,
    600,
    DEFAULT_DATABASE_TIMEOUT_SECONDS,
    'seconds a PostgreSQL query may go unanswered before the request answers 503; a request waits at most twice this for a free connection, and a new connection at most 5 s or this',
  ),
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
  RECRUITING_ASSISTANT: standIn(
    'local: the local stand-in recruiting assistant on /careers when the build has no PUBLIC_RECRUITING_SCRIPT_URL',
  ),
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
  VARNISH_PURGE_URL: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.transform(addressList),
        v.check(
          (list) =>
            list.length > 0 && list.every((address) => /^https?:$/.test(URL.parse(address)?.protocol ?? '')),
          'must be one or more http:// addresses of Varnish, separated by spaces or commas',
        ),
      ),
    ),
    meaning(
      'Varnish in front (ops/varnish/): each of these addresses gets a PURGE with the changed tags in xkey-purge',
    ),
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
  ALLOW_STAND_INS: flag(
    'allow HUMAN_CHECK=local, GIFT_CARD_PROVIDER=local and RECRUITING_ASSISTANT=local in production (the demo)',
  ),
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

/**
 * One setting through its schema entry, read now: its default when unset or mistaken (the start
 * refuses a mistake, loadConfig). For what reads a setting before or without the configuration:
 * the log level, the build folder, the maintenance switch.
 */
export function setting<N extends EnvName>(name: N, env: Env = process.env): ServerEnv[N] {
  const entry = ENV_SCHEMA.entries[name] as v.GenericSchema;
  const result = v.safeParse(entry, env[name]?.trim() || undefined);
  return (result.success ? result.output : v.parse(entry, undefined)) as ServerEnv[N];
}
