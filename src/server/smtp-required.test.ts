// In production on PostgreSQL the server refuses to start without SMTP_URL (issue 18 point 3):
// several servers may share the database, and mail written to one machine's outbox never arrives.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configErrors } from './config';
import { prepareDatabase } from './lifecycle';

afterEach(() => vi.unstubAllEnvs());

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/kwikfill' };

describe('SMTP_URL in production on PostgreSQL', () => {
  it('is required, with a message naming the setting', () => {
    expect(configErrors(production)).toEqual([
      "SMTP_URL is not set: in production on PostgreSQL (DATABASE_URL) mail must go to an SMTP server, not to one machine's outbox folder. Set SMTP_URL (or ALLOW_STAND_INS=1 for a test setup).",
    ]);
  });

  it('is not required on SQLite, outside production, with SMTP_URL set, or with ALLOW_STAND_INS=1', () => {
    expect(configErrors({ NODE_ENV: 'production' })).toEqual([]);
    expect(configErrors({ ...production, NODE_ENV: 'development' })).toEqual([]);
    expect(configErrors({ ...production, SMTP_URL: 'smtps://u:p@smtp.example:465' })).toEqual([]);
    expect(configErrors({ ...production, ALLOW_STAND_INS: '1' })).toEqual([]);
  });

  it('stops the server at start (prepareDatabase), before anything is opened', async () => {
    for (const [name, value] of Object.entries({ ...production, SMTP_URL: '', ALLOW_STAND_INS: '' }))
      vi.stubEnv(name, value);
    await expect(prepareDatabase()).rejects.toThrow('[config] SMTP_URL is not set');
  });
});
