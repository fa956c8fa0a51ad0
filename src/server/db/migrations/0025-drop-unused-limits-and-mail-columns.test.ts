import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';

const LIMIT_FUNCTIONS = ['rate_limit_enforce', 'rate_limit_hit', 'rate_limit_take'];
const MAIL_COLUMNS = ['mail_attempts', 'mail_claimed_until', 'mail_error'];

describe('migration 0025: the contract of the plain guard and the one retry system', () => {
  it('drops the contact mail retry columns and, on PostgreSQL, the limit functions; keeps the messages; down gives them back', async () => {
    const { db, migrateTo, migrateToLatest } = await emptyDatabase({ postgres: true });
    const onPostgres = Boolean(process.env.DATABASE_URL);
    await migrateTo('0024_guard_counts_planned_small');
    await sql`insert into contact_messages (id, reference, department, first_name, last_name, email, phone,
      subject, message, created_at, mail_attempts) values ('m1', 'KF-AAAA-BBBB', 1, 'A', 'B', 'a@example.com',
      '8145550100', 'S', 'M', 1, 3)`.execute(db);
    const columns = async () =>
      (await db.introspection.getTables())
        .find((table) => table.name === 'contact_messages')
        ?.columns.map((column) => column.name)
        .filter((name) => MAIL_COLUMNS.includes(name))
        .sort();
    const functions = async () =>
      onPostgres
        ? (
            await sql<{ proname: string }>`select proname from pg_proc where proname like 'rate_limit_%'
              order by proname`.execute(db)
          ).rows.map((row) => row.proname)
        : [];
    expect(await columns()).toEqual(MAIL_COLUMNS);
    expect(await functions()).toEqual(onPostgres ? LIMIT_FUNCTIONS : []);

    await migrateToLatest();
    expect(await columns()).toEqual([]);
    expect(await functions()).toEqual([]);
    const kept = await db.selectFrom('contact_messages').select(['id', 'reference']).execute();
    expect(kept).toEqual([{ id: 'm1', reference: 'KF-AAAA-BBBB' }]);

    await migrateTo('0024_guard_counts_planned_small');
    expect(await columns()).toEqual(MAIL_COLUMNS);
    expect(await functions()).toEqual(onPostgres ? LIMIT_FUNCTIONS : []);
  });
});
