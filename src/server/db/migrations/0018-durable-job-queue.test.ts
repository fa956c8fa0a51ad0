import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';

it('migration 0018 gives every contact message that still owes mail its job in the queue', async () => {
  const { db, migrateTo, migrateToLatest } = await emptyDatabase({ postgres: true });
  await migrateTo('0016_contact_ack_withheld');
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
  await db
    .insertInto('contact_messages')
    .values([message(owed, 'KF-OWED-0001', null), message(randomUUID(), 'KF-SENT-0001', 2000)])
    .execute();
  await migrateToLatest();
  const jobs = await db.selectFrom('jobs').selectAll().execute();
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
});
