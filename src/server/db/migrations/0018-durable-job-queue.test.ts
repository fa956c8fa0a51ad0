import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterAll, expect, it } from 'vitest';
import { createPgDatabase } from '../../../../tests/support/test-api.ts';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { migrations } from './index.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-migration-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('migration 0018 gives every contact message that still owes mail its job in the queue', async () => {
  const pg = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  const handle = openDatabase({ dataDir, databaseUrl: pg?.url });
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0016_contact_ack_withheld');
    if (error) throw error;
    const message = (id: string, reference: string, mailed: number | null) => ({
      id,
      reference,
      department: 2,
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      phone: '8145550100',
      subject: 's',
      message: 'm',
      created_at: 1000,
      department_mailed_at: mailed,
      ack_mailed_at: mailed,
    });
    const owed = randomUUID();
    await handle.db
      .insertInto('contact_messages')
      .values([message(owed, 'KF-OWED-0001', null), message(randomUUID(), 'KF-SENT-0001', 2000)])
      .execute();
    await migrateToLatest(handle.db);
    const jobs = await handle.db.selectFrom('jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: 'contact-mail',
      summary: 'contact message KF-OWED-0001',
      unique_key: `contact-mail:${owed}`,
      status: 'queued',
      attempts: 0,
      run_after: 1000,
    });
    expect(JSON.parse(jobs[0]?.payload ?? '')).toEqual({ id: owed });
  } finally {
    await handle.close();
    await pg?.drop();
  }
});
