import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, loadConfig } from './config';

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
  it('defaults: SQLite in DATA_DIR (created), outbox inside it, the public key, local human check', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).isDirectory()).toBe(true);
    expect(config).toMatchObject({
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      outboxDir: join(dataDir, 'outbox'),
      publicApiKey: DEFAULT_API_KEY,
      turnstileSecretKey: undefined,
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
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'Shop <shop@example.com>',
      outboxDir: join(dataDir, 'mail'),
      appSecret: 'from-env',
      publicApiKey: 'key-2',
      turnstileSecretKey: 'ts-secret',
      turnstileSiteKey: 'ts-site',
      trustProxy: true,
      siteUrl: 'https://www.kwikfill.example',
    });
  });
});
