import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { humanCheckMode } from '../human-check/mode.ts';
import { log } from '../log.ts';
import { ConfigError, loadConfig, prepareFiles } from './index.ts';
import { ENV_SCHEMA, parseEnv, setting } from './schema.ts';
import { configWarnings, warnAboutConfig } from './warnings.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
/** Folders of this test's own: a data folder and, beside it, a keys folder (never the project's keys/). */
const folders = () => {
  const dir = tempDir();
  return { DATA_DIR: join(dir, 'data'), KEYS_DIR: join(dir, 'keys') };
};
/** The mistakes loadConfig refuses to start with ([] when it starts). */
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ ...folders(), ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};
/** What the start does: the settings, then their folders and generated secret. */
const start = (env: Record<string, string>) => prepareFiles(loadConfig(env));
const SECRET = 'a-signing-secret-of-32-characters!';
const KEY = Buffer.alloc(32, 7).toString('base64');
/** What a server of a set on PostgreSQL is given: the shared secret and application keys. */
const SHARED = { DATABASE_URL: 'postgres://u@h/db', APP_SECRET: SECRET, APPLICATION_KEYS: `k1:${KEY}` };

describe('loadConfig', () => {
  it('reads the settings and changes nothing: no folder made, no secret generated', () => {
    const { DATA_DIR, KEYS_DIR } = folders();
    const settings = loadConfig({ DATA_DIR, KEYS_DIR });
    expect(settings).toMatchObject({ dataDir: DATA_DIR, keysDir: KEYS_DIR, appSecret: undefined });
    expect(existsSync(DATA_DIR)).toBe(false);
    expect(existsSync(KEYS_DIR)).toBe(false);
  });

  it('defaults: SQLite in DATA_DIR, keys in KEYS_DIR beside it (both created at start, owner only), no human check', () => {
    const { DATA_DIR, KEYS_DIR } = folders();
    const config = start({ DATA_DIR, KEYS_DIR });
    for (const dir of [DATA_DIR, KEYS_DIR]) expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(config).toMatchObject({
      dataDir: DATA_DIR,
      keysDir: KEYS_DIR,
      applicationKeyFile: join(KEYS_DIR, 'application-keys.json'),
      applicationKeys: undefined,
      databaseUrl: undefined,
      smtpUrl: undefined,
      outboxDir: join(DATA_DIR, 'outbox'),
      publicApiKey: DEFAULT_API_KEY,
      turnstileSecretKey: undefined,
      localHumanCheck: false,
      localGiftCards: false,
      localRecruitingAssistant: false,
      giftCardApiUrl: undefined,
      trustProxy: false,
      clientIpHeader: undefined,
      siteUrl: 'http://localhost:4321',
      mailFrom: '"Kwik Fill" <no-reply@kwikfill.example>',
    });
  });

  it('keeps the keys out of the data folder by default: keys/ in the project folder', () => {
    expect(parseEnv({}).env.KEYS_DIR).toBe('keys');
    const gitignore = readFileSync(resolve(__dirname, '../../../.gitignore'), 'utf8');
    expect(gitignore.split('\n')).toContain('keys/');
  });

  it('generates the app secret once, keeps it in KEYS_DIR/secret.key (mode 600), not in DATA_DIR', () => {
    const { DATA_DIR, KEYS_DIR } = folders();
    const first = start({ DATA_DIR, KEYS_DIR }).appSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = join(KEYS_DIR, 'secret.key');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(join(DATA_DIR, 'secret.key'))).toBe(false);
    expect(start({ DATA_DIR, KEYS_DIR }).appSecret).toBe(first);
  });

  it('still reads a secret an earlier release generated into DATA_DIR', () => {
    const { DATA_DIR, KEYS_DIR } = folders();
    start({ DATA_DIR, KEYS_DIR: DATA_DIR });
    const earlier = readFileSync(join(DATA_DIR, 'secret.key'), 'utf8');
    expect(start({ DATA_DIR, KEYS_DIR }).appSecret).toBe(earlier);
  });

  it('warns at start about an application key file in the data folder, saying how to move it', () => {
    const { DATA_DIR, KEYS_DIR } = folders();
    const config = start({ DATA_DIR, KEYS_DIR, HUMAN_CHECK: 'local' });
    expect(configWarnings(config)).toEqual([]);
    writeFileSync(join(DATA_DIR, 'application-keys.json'), '{}');
    expect(configWarnings(config)).toEqual([
      expect.stringContaining(
        `mkdir -m 700 -p ${KEYS_DIR} && mv ${join(DATA_DIR, 'application-keys.json')} ${join(KEYS_DIR, 'application-keys.json')}`,
      ),
    ]);
  });

  it('takes every setting from the environment', () => {
    const { DATA_DIR } = folders();
    const config = loadConfig({
      DATA_DIR,
      ...SHARED,
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <shop@example.com>',
      OUTBOX_DIR: join(DATA_DIR, 'mail'),
      PUBLIC_API_KEY: 'key-2',
      TURNSTILE_SECRET_KEY: 'ts-secret',
      PUBLIC_TURNSTILE_SITE_KEY: 'ts-site',
      TRUST_PROXY: '2',
      CLIENT_IP_HEADER: 'CF-Connecting-IP',
      SITE_URL: 'https://www.kwikfill.example/',
      GIFT_CARD_API_URL: 'https://cards.example/balance',
      GIFT_CARD_API_KEY: 'gc-key',
    });
    expect(config).toMatchObject({
      giftCardApiUrl: 'https://cards.example/balance',
      giftCardApiKey: 'gc-key',
      localGiftCards: false,
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'Shop <shop@example.com>',
      outboxDir: join(DATA_DIR, 'mail'),
      appSecret: SECRET,
      applicationKeys: `k1:${KEY}`,
      publicApiKey: 'key-2',
      turnstileSecretKey: 'ts-secret',
      turnstileSiteKey: 'ts-site',
      localHumanCheck: false,
      trustProxy: 2,
      clientIpHeader: 'cf-connecting-ip',
      siteUrl: 'https://www.kwikfill.example',
    });
  });
});

describe('the start on a read-only file system (Netlify functions)', () => {
  // A folder below a regular file can never be created (ENOTDIR), even for root: a stand-in
  // for a read-only disk that the tests can make anywhere.
  const unwritable = () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    return join(file, 'data');
  };
  const diskless = { ...SHARED, SMTP_URL: 'smtp://m.example' };

  it('touches no folder with DATABASE_URL, APP_SECRET, APPLICATION_KEYS and SMTP_URL', () => {
    const DATA_DIR = unwritable();
    const config = start({ DATA_DIR, KEYS_DIR: unwritable(), ...diskless });
    expect(config).toMatchObject({ appSecret: SECRET, databaseUrl: diskless.DATABASE_URL });
    expect(existsSync(DATA_DIR)).toBe(false);
  });

  it('fails at start with a message naming the settings that are missing', () => {
    expect(() => start({ DATA_DIR: unwritable(), KEYS_DIR: tempDir() })).toThrow(
      /Cannot create the data folder \(DATA_DIR\) .* \(ENOTDIR\).*set DATABASE_URL \(PostgreSQL\), APP_SECRET, APPLICATION_KEYS and SMTP_URL/,
    );
    expect(() => start({ DATA_DIR: tempDir(), KEYS_DIR: unwritable() })).toThrow(
      /Cannot create the keys folder \(KEYS_DIR\) .* \(ENOTDIR\)/,
    );
    expect(() => start({ DATA_DIR: unwritable(), ...SHARED })).toThrow(
      /Cannot create the mail outbox \(OUTBOX_DIR\) .*set SMTP_URL/,
    );
  });
});

describe('a server that may be one of several (PostgreSQL)', () => {
  it('refuses to start without the shared signing secret and application keys, naming them', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://u@h/db' });
    expect(problems).toEqual([
      expect.stringMatching(/^APP_SECRET must be set with DATABASE_URL/),
      expect.stringMatching(/^APPLICATION_KEYS \(or APPLICATION_KEY_FILE\) must be set with DATABASE_URL/),
    ]);
  });

  it('takes the application keys from a key file only where the operator placed one', () => {
    const file = join(tempDir(), 'application-keys.json');
    const withFile = { DATABASE_URL: 'postgres://u@h/db', APP_SECRET: SECRET, APPLICATION_KEY_FILE: file };
    expect(problemsOf(withFile)).toEqual([
      expect.stringMatching(/^APPLICATION_KEY_FILE names .* which does not exist/),
    ]);
    writeFileSync(file, '{}');
    expect(problemsOf(withFile)).toEqual([]);
    expect(problemsOf(SHARED)).toEqual([]);
  });

  it('on SQLite (one machine), starts with no setting at all', () => {
    expect(problemsOf({})).toEqual([]);
  });
});

describe('the whole configuration checked at start', () => {
  it('refuses to start on any mistake, listing every one with its setting, secrets not repeated', () => {
    let error: unknown;
    try {
      loadConfig({
        ...folders(),
        PORT: '80a',
        SITE_URL: 'www.kwikfill.example',
        APP_SECRET: 'short',
        APPLICATION_KEYS: 'k1:AAAA',
        HUMAN_CHECK: 'turnstile',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual([
      "PORT must be a whole number from 1 to 65535 (it is '80a')",
      "SITE_URL must be an http:// or https:// address (it is 'www.kwikfill.example')",
      'APP_SECRET must be at least 32 characters long',
      "HUMAN_CHECK must be 'local' or unset (it is 'turnstile')",
      'APPLICATION_KEYS is not a key list id:base64key,... (Key k1 must be 32 bytes, base64-encoded)',
    ]);
    expect(message).toMatch(
      /^The configuration has 5 mistakes \(see docs\/operations.md, Configuration\):\n- PORT /,
    );
    expect(message).not.toContain('short');
  });

  it('one mistake alone stops the start too', () => {
    expect(() => loadConfig({ ...folders(), TRUST_PROXY: 'yes' })).toThrow(
      /^The configuration has a mistake .*\n- TRUST_PROXY must be 1 \(one proxy\)/,
    );
  });

  it('in production, refuses the stand-ins unless ALLOW_STAND_INS=1, and a missing SITE_URL', () => {
    const production = { NODE_ENV: 'production', SITE_URL: 'http://localhost:4321' };
    expect(
      problemsOf({
        ...production,
        HUMAN_CHECK: 'local',
        GIFT_CARD_PROVIDER: 'local',
        RECRUITING_ASSISTANT: 'local',
      }),
    ).toEqual([
      expect.stringMatching(
        /^HUMAN_CHECK=local is a stand-in, refused in production .* unless ALLOW_STAND_INS=1/,
      ),
      expect.stringMatching(/^GIFT_CARD_PROVIDER=local is a stand-in, refused in production/),
      expect.stringMatching(/^RECRUITING_ASSISTANT=local is a stand-in, refused in production/),
    ]);
    expect(problemsOf({ ...production, RECRUITING_ASSISTANT: 'local', ALLOW_STAND_INS: '1' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SITE_URL must be set in production (NODE_ENV=production): the public address of the site.',
    ]);
    expect(problemsOf({ ...production, ALLOW_STAND_INS: 'yes' })).toEqual([
      "ALLOW_STAND_INS must be 1 (on) or 0 (off) (it is 'yes')",
    ]);
    // Outside production (a test, `astro dev`) the stand-ins need no allowance.
    expect(
      problemsOf({ HUMAN_CHECK: 'local', GIFT_CARD_PROVIDER: 'local', RECRUITING_ASSISTANT: 'local' }),
    ).toEqual([]);
  });

  it("starts with the demo's settings as `npm start` gives them (package.json)", () => {
    const scripts = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')).scripts;
    // The variables `npm start` sets before `npm run serve`, with their defaults.
    const demo = Object.fromEntries(
      [...String(scripts.start).matchAll(/([A-Z_]+)=\$\{\1:-([^}]+)\}/g)].map(([, name, value]) => [
        name,
        value,
      ]),
    );
    expect(demo).toEqual({
      HUMAN_CHECK: 'local',
      GIFT_CARD_PROVIDER: 'local',
      RECRUITING_ASSISTANT: 'local',
      ALLOW_STAND_INS: '1',
      SITE_URL: 'http://localhost:4321',
    });
    expect(problemsOf({ ...demo, NODE_ENV: 'production' })).toEqual([]);
  });
});

describe('human check mode and start-up warnings', () => {
  const env = (extra: Record<string, string> = {}) => loadConfig({ ...folders(), ...extra });
  const turnstile = { TURNSTILE_SECRET_KEY: 's', PUBLIC_TURNSTILE_SITE_KEY: 'k' };

  it('Turnstile when its secret is set, the local stand-in only with HUMAN_CHECK=local, else unavailable', () => {
    expect(humanCheckMode(env(turnstile))).toBe('turnstile');
    expect(humanCheckMode(env({ ...turnstile, HUMAN_CHECK: 'local' }))).toBe('turnstile');
    expect(humanCheckMode(env({ HUMAN_CHECK: 'local' }))).toBe('local');
    expect(humanCheckMode(env())).toBe('unavailable');
  });

  it('runs the local stand-in only for a loopback SITE_URL, whatever else is set', () => {
    const local = { turnstileSecretKey: undefined, localHumanCheck: true };
    const loopback = [
      'http://localhost:4321',
      'http://127.0.0.1',
      'http://127.3.4.5:8080',
      'http://[::1]:4321',
      'http://[::ffff:7f00:1]',
    ];
    for (const siteUrl of loopback) expect(humanCheckMode({ ...local, siteUrl }), siteUrl).toBe('local');
    const elsewhere = [
      'https://www.kwikfill.example',
      'http://0.0.0.0:4321',
      'http://192.168.1.10',
      'http://localhost.kwikfill.example',
    ];
    for (const siteUrl of elsewhere)
      expect(humanCheckMode({ ...local, siteUrl }), siteUrl).toBe('unavailable');
    // And the start is refused, even with the demo's allowance.
    const site = { HUMAN_CHECK: 'local', ALLOW_STAND_INS: '1', SITE_URL: 'https://www.kwikfill.example' };
    for (const NODE_ENV of ['production', 'development']) {
      expect(problemsOf({ ...site, NODE_ENV })).toEqual([
        expect.stringMatching(
          /^HUMAN_CHECK=local .* but SITE_URL is https:\/\/www.kwikfill.example, not a loopback address/,
        ),
      ]);
    }
  });

  it('warns when no human check is configured', () => {
    expect(configWarnings(env())).toEqual([expect.stringContaining('No human check is configured')]);
    expect(configWarnings(env({ HUMAN_CHECK: 'local' }))).toEqual([]);
  });

  it('warns when Turnstile runs with the localhost SITE_URL or without a site key', () => {
    expect(configWarnings(env(turnstile))).toEqual([
      expect.stringContaining('SITE_URL is http://localhost:4321'),
    ]);
    const site = { SITE_URL: 'https://www.kwikfill.example', TRUST_PROXY: '1' };
    expect(configWarnings(env({ ...turnstile, ...site }))).toEqual([]);
    expect(configWarnings(env({ TURNSTILE_SECRET_KEY: 's', ...site }))).toEqual([
      expect.stringContaining('without PUBLIC_TURNSTILE_SITE_KEY'),
    ]);
  });

  it('warns when the site is served over https (so through a proxy) without TRUST_PROXY', () => {
    const https = { ...turnstile, SITE_URL: 'https://www.kwikfill.example' };
    expect(configWarnings(env(https))).toEqual([
      expect.stringContaining('TRUST_PROXY is off: behind a proxy every visitor would share'),
    ]);
    expect(configWarnings(env({ ...https, TRUST_PROXY: 'true' }))).toEqual([]);
    expect(configWarnings(env({ ...https, TRUST_PROXY: '10.0.0.0/8, fd00::/8' }))).toEqual([]);
    expect(configWarnings(env({ ...https, CLIENT_IP_HEADER: 'x-nf-client-connection-ip' }))).toEqual([]);
    expect(configWarnings(env({ HUMAN_CHECK: 'local', SITE_URL: 'http://localhost:4321' }))).toEqual([]);
  });

  it('logs the warnings once per process', () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const config = env();
    warnAboutConfig(config);
    warnAboutConfig(config);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/^No human check is configured/);
    warn.mockRestore();
  });
});

describe('the environment schema (parseEnv)', () => {
  it('has the defaults of docs/operations.md when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      issues: [],
      env: {
        PORT: 4321,
        HOST: '127.0.0.1',
        LOG_LEVEL: undefined,
        SITE_URL: 'http://localhost:4321',
        DIST_DIR: 'dist',
        DATA_DIR: 'data',
        KEYS_DIR: 'keys',
        DATABASE_URL: undefined,
        DATABASE_POOL_SIZE: 4,
        DATABASE_PREPARED_STATEMENTS: true,
        DATABASE_TIMEOUT_SECONDS: 15,
        SMTP_URL: undefined,
        MAIL_FROM: '"Kwik Fill" <no-reply@kwikfill.example>',
        OUTBOX_DIR: undefined,
        APP_SECRET: undefined,
        PUBLIC_API_KEY: DEFAULT_API_KEY,
        TURNSTILE_SECRET_KEY: undefined,
        PUBLIC_TURNSTILE_SITE_KEY: undefined,
        HUMAN_CHECK: false,
        GIFT_CARD_API_URL: undefined,
        GIFT_CARD_API_KEY: undefined,
        GIFT_CARD_PROVIDER: false,
        RECRUITING_ASSISTANT: false,
        GEOCODER_URL: undefined,
        GEOCODER_KEY: undefined,
        MAINTENANCE: false,
        MIGRATE_ON_START: true,
        DRAIN_SECONDS: 10,
        JOB_LEASE_SECONDS: 30,
        JOB_POLL_SECONDS: 15,
        TRUST_PROXY: false,
        CLIENT_IP_HEADER: undefined,
        ALLOW_STAND_INS: false,
        NODE_ENV: undefined,
        APPLICATION_KEYS: undefined,
        APPLICATION_KEY_FILE: undefined,
        APPLICATION_RETENTION_DAYS: 365,
        ENTRY_RETENTION_DAYS: 365,
        CONTACT_RETENTION_DAYS: 730,
        VITALS_RETENTION_DAYS: 90,
        METRICS_PORT: undefined,
        METRICS_HOST: '127.0.0.1',
        METRICS_TOKEN: undefined,
        CREDIT_DEPARTMENT_EMAIL: 'credit@kwikfill.example',
      },
    });
  });

  it('holds a job lease to a floor that outlives two missed renewals', () => {
    expect(parseEnv({ JOB_LEASE_SECONDS: '6' }).env).toMatchObject({ JOB_LEASE_SECONDS: 6 });
    expect(parseEnv({ JOB_LEASE_SECONDS: '5' }).issues.map((issue) => issue.message)).toEqual([
      "JOB_LEASE_SECONDS must be a whole number from 6 to 86400 (it is '5')",
    ]);
  });

  it('keeps the metrics off the public port: a port of their own, or a long token, named in every mistake', () => {
    expect(parseEnv({ METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(32) }).env).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: 'x'.repeat(32),
    });
    const { issues } = parseEnv({ METRICS_PORT: '70000', METRICS_TOKEN: 'short-token' });
    expect(issues.map((issue) => issue.message)).toEqual([
      "METRICS_PORT must be a whole number from 1 to 65535 (it is '70000')",
      'METRICS_TOKEN must be at least 32 characters long',
    ]);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), KEYS_DIR: tempDir(), PORT: '8080', METRICS_PORT: '8080' }),
    ).toThrow(/METRICS_PORT is 8080, the same as PORT/);
    const open = loadConfig({
      DATA_DIR: tempDir(),
      KEYS_DIR: tempDir(),
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(configWarnings(open).join('\n')).toContain('METRICS_HOST is 0.0.0.0 without METRICS_TOKEN');
    const loopback = loadConfig({ DATA_DIR: tempDir(), KEYS_DIR: tempDir(), METRICS_PORT: '9464' });
    expect(configWarnings(loopback).join('\n')).not.toContain('METRICS_HOST');
  });

  it('trims values, reads an empty one as unset, and turns flags and numbers into their types', () => {
    const { env, issues } = parseEnv({
      PORT: ' 8080 ',
      DATA_DIR: '  ',
      TRUST_PROXY: 'on',
      MAINTENANCE: 'false',
      HUMAN_CHECK: 'local',
      APPLICATION_RETENTION_DAYS: '30',
      SITE_URL: 'https://www.kwikfill.example//',
    });
    expect(issues).toEqual([]);
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: 'data',
      TRUST_PROXY: 1,
      MAINTENANCE: false,
      HUMAN_CHECK: true,
      APPLICATION_RETENTION_DAYS: 30,
      SITE_URL: 'https://www.kwikfill.example',
    });
  });

  it('reads TRUST_PROXY as hops or trusted ranges, and refuses anything else', () => {
    const trust = (TRUST_PROXY: string) => {
      const { env, issues } = parseEnv({ TRUST_PROXY });
      return issues.length > 0 ? 'refused' : env.TRUST_PROXY;
    };
    expect(trust('0')).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('true')).toBe(1);
    expect(trust('3')).toBe(3);
    expect(trust('10.0.0.0/8, 2001:db8::/32,192.0.2.7')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.7',
    ]);
    expect(trust('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    for (const bad of ['yes', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.0/8,nope']) {
      expect(trust(bad), bad).toBe('refused');
    }
  });

  it('lists every mistake at once, each with its variable, and reads those variables as unset', () => {
    const { env, issues } = parseEnv({
      PORT: '80a',
      LOG_LEVEL: 'loud',
      SITE_URL: 'www.kwikfill.example',
      HUMAN_CHECK: 'on',
      GIFT_CARD_API_URL: 'ftp://cards.example',
      GIFT_CARD_PROVIDER: 'stand-in',
      GEOCODER_URL: 'not a url',
      MAINTENANCE: 'maybe',
      TRUST_PROXY: 'yes',
      APPLICATION_RETENTION_DAYS: '0',
      CREDIT_DEPARTMENT_EMAIL: 'credit',
      DATA_DIR: 'here', // fine
    });
    expect(issues.map((issue) => issue.name)).toEqual([
      'PORT',
      'LOG_LEVEL',
      'SITE_URL',
      'HUMAN_CHECK',
      'GIFT_CARD_API_URL',
      'GIFT_CARD_PROVIDER',
      'GEOCODER_URL',
      'MAINTENANCE',
      'TRUST_PROXY',
      'APPLICATION_RETENTION_DAYS',
      'CREDIT_DEPARTMENT_EMAIL',
    ]);
    for (const issue of issues)
      expect(issue.message).toMatch(new RegExp(`^${issue.name} .+ \\(it is '.+'\\)`));
    expect(issues[0]?.message).toBe("PORT must be a whole number from 1 to 65535 (it is '80a')");
    expect(issues[8]?.message).toMatch(
      /^TRUST_PROXY must be 1 \(one proxy\), a number of proxies up to 10, or/,
    );
    expect(env).toMatchObject({
      PORT: 4321,
      SITE_URL: 'http://localhost:4321',
      HUMAN_CHECK: false,
      GIFT_CARD_API_URL: undefined,
      TRUST_PROXY: false,
      APPLICATION_RETENTION_DAYS: 365,
      CREDIT_DEPARTMENT_EMAIL: 'credit@kwikfill.example',
      DATA_DIR: 'here',
    });
  });

  it("has an entry with its meaning for every variable docs/operations.md's table says the server or admin reads", () => {
    const readme = readFileSync(resolve(__dirname, '../../../docs/operations.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'));
    const rows = [...table.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)];
    const read = rows.filter(([, , usedBy]) => /server|admin/.test(usedBy ?? '')).map(([, name]) => name);
    expect(read.length).toBeGreaterThan(20);
    const entries = ENV_SCHEMA.entries as Record<string, v.GenericSchema>;
    for (const name of read) {
      expect(entries, name).toHaveProperty(name as string);
      expect(v.getDescription(entries[name as string] as v.GenericSchema), name).toBeTruthy();
    }
  });
});

describe('a setting read before the configuration (setting)', () => {
  it('goes through its schema entry: trimmed, typed, its default when unset or mistaken', () => {
    expect(setting('MAINTENANCE', { MAINTENANCE: ' on ' })).toBe(true);
    expect(setting('MAINTENANCE', { MAINTENANCE: 'maybe' })).toBe(false);
    expect(setting('DIST_DIR', {})).toBe('dist');
    expect(setting('DIST_DIR', { DIST_DIR: ' .builds/x ' })).toBe('.builds/x');
    expect(setting('LOG_LEVEL', { LOG_LEVEL: 'debug' })).toBe('debug');
    expect(setting('LOG_LEVEL', { LOG_LEVEL: 'loud' })).toBeUndefined();
  });

  it('an invalid LOG_LEVEL is refused at start, naming it (not a crash of the logger)', () => {
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([
      "LOG_LEVEL must be a pino level: debug, info, warn, error or silent (it is 'loud')",
    ]);
  });
});
