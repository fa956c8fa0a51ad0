import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';
import { isUniqueViolation } from '../../errors.ts';

const user = (id: string, email: string, createdAt: number) =>
  sql`insert into users (id, email, password_hash, created_at, updated_at)
    values (${id}, ${email}, 'x', ${createdAt}, ${createdAt})`;

describe('migration 0019: one account per mailbox', () => {
  it('starts on a database holding two accounts of one mailbox: the oldest keeps the key, and new ones are held', async () => {
    const { db, migrateTo, migrateToLatest } = await emptyDatabase();
    await migrateTo('0018_durable_job_queue');
    await user('u2', 'victim+x@example.com', 2).execute(db);
    await user('u1', 'victim@example.com', 1).execute(db);
    await user('u3', 'Pat.Lee@gmail.com', 3).execute(db);
    await migrateToLatest();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'mailbox', 'email_verified_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u1', mailbox: 'victim@example.com', email_verified_at: null },
      { id: 'u2', mailbox: null, email_verified_at: null },
      { id: 'u3', mailbox: 'patlee@gmail.com', email_verified_at: null },
    ]);
    const again = await sql`insert into users (id, email, mailbox, password_hash, created_at, updated_at)
      values ('u4', 'pat.lee+x@gmail.com', 'patlee@gmail.com', 'x', 4, 4)`
      .execute(db)
      .catch((error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
  });
});
