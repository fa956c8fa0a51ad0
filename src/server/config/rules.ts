// The mistakes the start refuses (loadConfig): between settings, which no single value shows, and
// ConfigError, which lists every one of them, each naming its setting.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackUrl } from '../ip.ts';
import { type Env, type EnvName, MIN_SECRET_LENGTH, type ServerEnv } from './schema.ts';

/** The start cannot go on: every mistake in the settings, one a line, each naming its setting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `The configuration has ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} ` +
        `(see docs/operations.md, Configuration):\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    // Assigned here, not as a parameter property: Node loads this file by stripping types only.
    this.problems = problems;
  }
}

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
    for (const name of ['HUMAN_CHECK', 'GIFT_CARD_PROVIDER', 'RECRUITING_ASSISTANT'] as const) {
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
