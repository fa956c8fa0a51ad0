import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY } from '../lib/api-key';
import { configWarnings, ENV_SCHEMA, humanCheckMode, loadConfig, parseEnv, warnAboutConfig } from './config';
import { log } from './log';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults: SQLite in DATA_DIR (created), outbox inside it, the public key, no human check', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).isDirectory()).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700); // owner only
    expect(config).toMatchObject({
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      outboxDir: join(dataDir, 'outbox'),
      publicApiKey: DEFAULT_API_KEY,
      turnstileSecretKey: undefined,
      localHumanCheck: false,
      localGiftCards: false,
      giftCardApiUrl: undefined,
      trustProxy: false,
      siteUrl: 'http://localhost:4321',
      mailFrom: '"Kwik Fill" <no-reply@kwikfill.example>',
    });
  });

  it('generates the app secret once, keeps it in DATA_DIR/secret.key (mode 600) and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
  });

  it('takes every setting from the environment', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <shop@example.com>',
      OUTBOX_DIR: join(dataDir, 'mail'),
      APP_SECRET: 'from-env',
      PUBLIC_API_KEY: 'key-2',
      TURNSTILE_SECRET_KEY: 'ts-secret',
      PUBLIC_TURNSTILE_SITE_KEY: 'ts-site',
      TRUST_PROXY: '1',
      SITE_URL: 'https://www.kwikfill.example/',
      HUMAN_CHECK: 'local',
      GIFT_CARD_API_URL: 'https://cards.example/balance',
      GIFT_CARD_API_KEY: 'gc-key',
      GIFT_CARD_PROVIDER: 'local',
    });
    expect(config).toMatchObject({
      giftCardApiUrl: 'https://cards.example/balance',
      giftCardApiKey: 'gc-key',
      localGiftCards: true,
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'Shop <shop@example.com>',
      outboxDir: join(dataDir, 'mail'),
      appSecret: 'from-env',
      publicApiKey: 'key-2',
      turnstileSecretKey: 'ts-secret',
      turnstileSiteKey: 'ts-site',
      localHumanCheck: true,
      trustProxy: true,
      siteUrl: 'https://www.kwikfill.example',
    });
  });
});

describe('loadConfig on a read-only file system (Netlify functions)', () => {
  // A folder below a regular file can never be created (ENOTDIR), even for root: a stand-in
  // for a read-only disk that the tests can make anywhere.
  const unwritable = () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    return join(file, 'data');
  };
  const diskless = { DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 's', SMTP_URL: 'smtp://m.example' };

  it('touches no folder with DATABASE_URL, APP_SECRET and SMTP_URL', () => {
    const dataDir = unwritable();
    const config = loadConfig({ DATA_DIR: dataDir, ...diskless });
    expect(config).toMatchObject({ appSecret: 's', databaseUrl: diskless.DATABASE_URL });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('fails at start with a message naming the settings that are missing', () => {
    const DATA_DIR = unwritable();
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: diskless.DATABASE_URL })).toThrow(
      /Cannot create the data folder \(DATA_DIR\) .* \(ENOTDIR\).*set DATABASE_URL \(PostgreSQL\), APP_SECRET and SMTP_URL/,
    );
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 's' })).toThrow(
      /Cannot create the mail outbox \(OUTBOX_DIR\) .*set SMTP_URL/,
    );
  });
});

describe('human check mode and start-up warnings', () => {
  const env = (extra: Record<string, string> = {}) => loadConfig({ DATA_DIR: tempDir(), ...extra });
  const turnstile = { TURNSTILE_SECRET_KEY: 's', PUBLIC_TURNSTILE_SITE_KEY: 'k' };

  it('Turnstile when its secret is set, the local stand-in only with HUMAN_CHECK=local, else unavailable', () => {
    expect(humanCheckMode(env(turnstile))).toBe('turnstile');
    expect(humanCheckMode(env({ ...turnstile, HUMAN_CHECK: 'local' }))).toBe('turnstile');
    expect(humanCheckMode(env({ HUMAN_CHECK: 'local' }))).toBe('local');
    for (const HUMAN_CHECK of ['', 'on', '1', 'turnstile']) {
      expect(humanCheckMode(env({ HUMAN_CHECK }))).toBe('unavailable');
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
  it('has the defaults of the README when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      issues: [],
      env: {
        PORT: 4321,
        HOST: '127.0.0.1',
        LOG_LEVEL: undefined,
        SITE_URL: 'http://localhost:4321',
        DIST_DIR: 'dist',
        DATA_DIR: 'data',
        DATABASE_URL: undefined,
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
        GEOCODER_URL: undefined,
        GEOCODER_KEY: undefined,
        MAINTENANCE: false,
        ALLOW_STAND_INS: false,
        TRUST_PROXY: false,
        APPLICATION_KEYS: undefined,
        APPLICATION_KEY_FILE: undefined,
        APPLICATION_RETENTION_DAYS: 365,
        ENTRY_RETENTION_DAYS: 365,
        CONTACT_RETENTION_DAYS: 730,
        VITALS_RETENTION_DAYS: 90,
        CREDIT_DEPARTMENT_EMAIL: 'credit@kwikfill.example',
      },
    });
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
      TRUST_PROXY: true,
      MAINTENANCE: false,
      HUMAN_CHECK: true,
      APPLICATION_RETENTION_DAYS: 30,
      SITE_URL: 'https://www.kwikfill.example',
    });
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
    expect(issues[0]?.message).toBe(
      "PORT must be a whole number from 1 to 65535 (it is '80a'); its default is used",
    );
    expect(issues[8]?.message).toBe(
      "TRUST_PROXY must be 1 (on) or 0 (off) (it is 'yes'); its default is used",
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

  it('says the mistakes among the start-up warnings', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), HUMAN_CHECK: 'local', TRUST_PROXY: 'yes' });
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(/^TRUST_PROXY must be 1 \(on\) or 0 \(off\)/),
    ]);
  });

  it("has an entry with its meaning for every variable the README's table says the server or admin reads", () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
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
