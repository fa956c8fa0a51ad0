// The settings as the server reads them (Config), made from the environment by loadConfig: parsed
// through the schema (schema.ts), checked between settings (rules.ts), refused on any mistake, all
// listed in one ConfigError: a server never runs on a setting it ignored. Reading them changes
// nothing: the folders and the generated secret are made by the start (start-files.ts).
import { join, resolve } from 'node:path';
import type { TrustProxy } from '../ip.ts';
import { ConfigError, settingProblems } from './rules.ts';
import { APPLICATION_KEY_FILE_NAME, type Env, parseEnv } from './schema.ts';

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
  /**
   * RECRUITING_ASSISTANT=local: /careers opens the local stand-in recruiting assistant when the build
   * has no real one (PUBLIC_RECRUITING_SCRIPT_URL); refused in production like the other stand-ins.
   */
  localRecruitingAssistant: boolean;
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
  /** DATABASE_POOL_SIZE: PostgreSQL connections per server (src/server/db/database.ts). */
  poolSize?: number;
  /** DATABASE_TIMEOUT_SECONDS: a PostgreSQL query's timeout, the bound of its waits (src/server/db/database.ts). */
  databaseTimeoutMs?: number;
  /** false (DATABASE_PREPARED_STATEMENTS=0): PostgreSQL statements are not prepared (src/server/db/prepared.ts). */
  preparedStatements?: boolean;
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

/**
 * The settings as read, before the start has made their files: the signing secret only when
 * APP_SECRET is set (otherwise generated into KEYS_DIR by prepareFiles, start-files.ts).
 */
export type Settings = Omit<Config, 'appSecret'> & { appSecret?: string };

/** The settings, or a ConfigError listing every mistake in them (the server then refuses to start). */
export function loadConfig(environment: Env = process.env): Settings {
  const { env, issues } = parseEnv(environment);
  const problems = [...issues.map((issue) => issue.message), ...settingProblems(env, environment)];
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = resolve(env.DATA_DIR);
  const keysDir = resolve(env.KEYS_DIR);
  const turnstileSecretKey = env.TURNSTILE_SECRET_KEY;
  return {
    dataDir,
    keysDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: resolve(env.OUTBOX_DIR ?? join(dataDir, 'outbox')),
    appSecret: env.APP_SECRET,
    applicationKeys: env.APPLICATION_KEYS,
    applicationKeyFile: resolve(env.APPLICATION_KEY_FILE ?? join(keysDir, APPLICATION_KEY_FILE_NAME)),
    publicApiKey: env.PUBLIC_API_KEY,
    turnstileSecretKey,
    turnstileSiteKey: turnstileSecretKey ? env.PUBLIC_TURNSTILE_SITE_KEY : undefined,
    localHumanCheck: env.HUMAN_CHECK,
    giftCardApiUrl: env.GIFT_CARD_API_URL,
    giftCardApiKey: env.GIFT_CARD_API_KEY,
    localGiftCards: env.GIFT_CARD_PROVIDER,
    localRecruitingAssistant: env.RECRUITING_ASSISTANT,
    trustProxy: env.TRUST_PROXY,
    clientIpHeader: env.CLIENT_IP_HEADER,
    siteUrl: env.SITE_URL,
    geocoderUrl: env.GEOCODER_URL,
    geocoderKey: env.GEOCODER_KEY,
    migrateOnStart: env.MIGRATE_ON_START,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    poolSize: env.DATABASE_POOL_SIZE,
    databaseTimeoutMs: env.DATABASE_TIMEOUT_SECONDS * 1000,
    mapPmtilesUrl: env.PUBLIC_MAP_PMTILES_URL,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    jobPollMs: env.JOB_POLL_SECONDS * 1000,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    metricsToken: env.METRICS_TOKEN,
  };
}
