// What a Netlify function refuses (src/server/netlify-refusals.ts): SQLite, and a database marked for
// another deploy context (a preview on production's, production on a preview's); and the one
// scheduled entry (src/server/scheduled-work.ts) runs the queue's due jobs and reports their counts.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { enqueue, enqueueMail } from './jobs/queue.ts';
import {
  markDeployContext,
  PlatformRefusal,
  readDeployContext,
  refuseForeignDatabase,
  refuseSqlite,
  SQLITE_ON_NETLIFY,
} from './netlify-refusals.ts';
import { runDueWork } from './scheduled-work.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('on Netlify', () => {
  it('refuses SQLite, naming DATABASE_URL', () => {
    expect(() => refuseSqlite({})).toThrow(PlatformRefusal);
    expect(() => refuseSqlite({ DATABASE_URL: '  ' })).toThrow(SQLITE_ON_NETLIFY);
    expect(SQLITE_ON_NETLIFY).toMatch(/^DATABASE_URL is not set/);
    expect(() => refuseSqlite({ DATABASE_URL: 'postgres://db/site' })).not.toThrow();
  });

  it('refuses a database marked for production in a preview, and a preview copy in production', async () => {
    api = await createTestApi();
    const { db } = api.deps;
    // Unmarked: served in every context.
    await expect(refuseForeignDatabase(db, 'deploy-preview')).resolves.toBeUndefined();
    await markDeployContext(db, 'production', api.deps.now());
    await markDeployContext(db, 'production', api.deps.now()); // again: one row
    expect(await readDeployContext(db)).toBe('production');
    await expect(refuseForeignDatabase(db, 'production')).resolves.toBeUndefined();
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) {
      await expect(refuseForeignDatabase(db, context)).rejects.toThrow(
        `This ${context} deploy was given the production database (DATABASE_URL)`,
      );
    }
    await markDeployContext(db, 'deploy-preview', api.deps.now());
    await expect(refuseForeignDatabase(db, 'branch-deploy')).resolves.toBeUndefined();
    await expect(refuseForeignDatabase(db, 'production')).rejects.toThrow(PlatformRefusal);
  });
});

describe('runDueWork', () => {
  it('runs the due jobs, the periodic ones with them, and answers the queue counts', async () => {
    api = await createTestApi();
    const before = (await api.outbox()).length;
    await enqueueMail(api.db, { to: 'pat@example.com', subject: 'Queued', text: 'Text' }, api.now());
    // The mail, and the retention job the queue adds once a period.
    expect(await runDueWork(api.deps)).toEqual({ done: 2, retry: 0, failed: 0 });
    expect((await api.outbox()).slice(before).map((m) => m.subject)).toEqual(['Queued']);
    expect(await runDueWork(api.deps)).toEqual({ done: 0, retry: 0, failed: 0 });
  });

  it('reports a failing job without stopping the others', async () => {
    api = await createTestApi();
    api.deps.jobs.periodic.clear();
    await enqueue(api.db, { kind: 'nobody', payload: {}, summary: 'no runner' }, api.now());
    await enqueueMail(api.db, { to: 'pat@example.com', subject: 'After', text: 'Text' }, api.now());
    expect(await runDueWork(api.deps)).toEqual({ done: 1, retry: 1, failed: 0 });
    expect(api.logText()).toContain('job failed, will retry: no runner');
  });
});
