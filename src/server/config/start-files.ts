// What the start makes of the settings (loadConfig reads them and changes nothing): the folders
// they need and the generated signing secret. Called by the start-up code only: the server and the
// operator commands (src/server/lifecycle.ts prepareDatabase, src/server/cli.ts) and the API's
// runtime (src/server/runtime.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_KEY_FILE_NAME } from './schema.ts';
import type { Config, Settings } from './settings.ts';

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
        `function, say) set ${instead}; see the Configuration table of docs/operations.md.`,
    );
  }
}

/**
 * The settings with their folders made and their signing secret (APP_SECRET, or the generated
 * one): the data folder, the keys folder and the outbox, each only where something will be
 * written. With PostgreSQL (which requires APP_SECRET and the application keys) nothing is written
 * to either, so a read-only disk is fine. Mail without SMTP_URL goes to the outbox.
 */
export function prepareFiles(settings: Settings): Config {
  const { dataDir, keysDir, databaseUrl, smtpUrl, outboxDir } = settings;
  if (!databaseUrl) ensureFolder(dataDir, 'the data folder (DATA_DIR)', DISKLESS);
  const defaultKeyFile = settings.applicationKeyFile === join(keysDir, APPLICATION_KEY_FILE_NAME);
  if (!settings.appSecret || (!settings.applicationKeys && defaultKeyFile)) {
    ensureFolder(keysDir, 'the keys folder (KEYS_DIR)', DISKLESS);
  }
  if (databaseUrl && !smtpUrl) ensureFolder(outboxDir, 'the mail outbox (OUTBOX_DIR)', 'SMTP_URL');
  return { ...settings, appSecret: appSecret(settings.appSecret, keysDir, dataDir) };
}
