// The API as the site starts it (runtime.ts) in a Netlify function: the refusal of SQLite there. Each case loads runtime.ts afresh, since it keeps its app for the life of the process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPgDatabase } from '../../tests/support/test-api.ts';
import { closeSharedDatabase } from './db/shared.ts';
import { SQLITE_ON_NETLIFY } from './netlify-refusals.ts';

const databaseUrl = process.env.DATABASE_URL;
const cleanUps: (() => Promise<void> | void)[] = [];

/** The environment of a server of this test: its own folders, and on PostgreSQL its own database. */
async function siteEnv(database: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-runtime-test-'));
  cleanUps.push(() => rmSync(dir, { recursive: true, force: true }));
  vi.stubEnv('DATA_DIR', join(dir, 'data'));
  vi.stubEnv('KEYS_DIR', join(dir, 'keys'));
  vi.stubEnv('OUTBOX_DIR', join(dir, 'outbox'));
  vi.stubEnv('DATABASE_URL', '');
  if (database === 'postgres' && databaseUrl) {
    const own = await createPgDatabase(databaseUrl);
    cleanUps.push(own.drop);
    vi.stubEnv('DATABASE_URL', own.url);
    vi.stubEnv('APP_SECRET', 'test-secret-of-at-least-32-characters');
    vi.stubEnv('APPLICATION_KEYS', `test:${Buffer.alloc(32, 7).toString('base64')}`);
  }
}

/** runtime.ts as a new process loads it. */
async function freshRuntime() {
  vi.resetModules();
  return import('./runtime.ts');
}

afterEach(async () => {
  try {
    await closeSharedDatabase();
  } finally {
    vi.unstubAllEnvs();
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  }
});

describe('the API as the site starts it', () => {
  it('in a Netlify function without PostgreSQL, answers 503 naming DATABASE_URL', async () => {
    await siteEnv('sqlite');
    const runtime = await freshRuntime();
    runtime.runOnNetlify('production');
    const answer = await runtime.answerApi(new Request('http://localhost/api/v1/stores'), {
      requestId: 'req-runtime-test',
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { error } = await answer.json();
    expect(error).toMatchObject({ description: SQLITE_ON_NETLIFY, request_id: 'req-runtime-test' });
  });
});
