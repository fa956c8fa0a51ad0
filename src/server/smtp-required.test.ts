// In production on PostgreSQL the server refuses to start without SMTP_URL (docs/decisions/0010):
// several servers may share the database, and mail written to one machine's outbox never arrives.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config/index.ts';
import { prepareDatabase } from './lifecycle.ts';

afterEach(() => vi.unstubAllEnvs());

const SMTP_PROBLEM =
  "SMTP_URL is not set: in production on PostgreSQL (DATABASE_URL) mail must go to an SMTP server, not to one machine's outbox folder. Set SMTP_URL (or ALLOW_STAND_INS=1 for a test setup).";
const folder = mkdtempSync(join(tmpdir(), 'kwikfill-smtp-'));
// Everything else a production server on PostgreSQL needs, so that only SMTP_URL is in question.
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/kwikfill',
  SITE_URL: 'https://www.kwikfill.example',
  APP_SECRET: 'x'.repeat(48),
  APPLICATION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  DATA_DIR: join(folder, 'data'),
  KEYS_DIR: join(folder, 'keys'),
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('SMTP_URL in production on PostgreSQL', () => {
  it('is required, with a message naming the setting', () => {
    expect(problemsOf(production)).toEqual([SMTP_PROBLEM]);
  });

  it('is not required on SQLite, outside production, with SMTP_URL set, or with ALLOW_STAND_INS=1', () => {
    const { DATABASE_URL: _, ...sqlite } = production;
    expect(problemsOf(sqlite)).not.toContain(SMTP_PROBLEM);
    expect(problemsOf({ ...production, NODE_ENV: 'development' })).not.toContain(SMTP_PROBLEM);
    expect(problemsOf({ ...production, SMTP_URL: 'smtps://u:p@smtp.example:465' })).toEqual([]);
    expect(problemsOf({ ...production, ALLOW_STAND_INS: '1' })).toEqual([]);
  });

  it('stops the server at start (prepareDatabase), before anything is opened', async () => {
    for (const [name, value] of Object.entries({ ...production, SMTP_URL: '', ALLOW_STAND_INS: '' }))
      vi.stubEnv(name, value);
    await expect(prepareDatabase()).rejects.toThrow('SMTP_URL is not set');
  });
});
