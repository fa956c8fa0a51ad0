import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';
import { isUniqueViolation } from '../../errors.ts';

const entry = (id: string, person: string, member: string | null = null) =>
  sql`insert into giveaway_entries (id, promotion_id, person_key, entry_day, user_id, first_name, last_name,
    address_1, city, state, zip, phone, email, created_at${member ? sql`, member_id` : sql``})
    values (${id}, 'p', ${person}, '2026-05-01', 'u1', 'A', 'B', '1 Main St', 'Erie', 'PA', '16501',
    '8145550100', ${person}, 1${member ? sql`, ${member}` : sql``})`;

describe('migration 0017: one entry per member account and day', () => {
  it('starts on a database that already holds several entries of one account on one day, and holds new ones', async () => {
    const { db, migrateTo, migrateToLatest } = await emptyDatabase();
    await migrateTo('0016_contact_ack_withheld');
    await sql`insert into users (id, email, password_hash, created_at, updated_at)
      values ('u1', 'm@example.com', 'x', 1, 1)`.execute(db);
    await sql`insert into promotions (id, title, prize, prize_value_cents, starts_on, ends_on, draw_on,
      created_at, updated_at) values ('p', 'P', 'X', 1, '2026-05-01', '2026-05-31', '2026-06-03', 1, 1)`.execute(
      db,
    );
    await entry('e1', 'a@example.com').execute(db);
    await entry('e2', 'b@example.com').execute(db);
    await migrateToLatest();
    const rows = await db.selectFrom('giveaway_entries').select(['id', 'member_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'e1', member_id: null },
      { id: 'e2', member_id: null },
    ]);
    await entry('e3', 'c@example.com', 'u1').execute(db);
    const second = await entry('e4', 'd@example.com', 'u1')
      .execute(db)
      .catch((error) => error);
    expect(isUniqueViolation(second)).toBe(true);
    const draw = await sql<{ sql: string }>`select sql from sqlite_master where name = 'draws'`.execute(db);
    expect(draw.rows[0]?.sql).toMatch(/"method" integer default 1 not null/i);
  });
});
