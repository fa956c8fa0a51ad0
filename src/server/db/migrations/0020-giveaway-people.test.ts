import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.ts';
import { isUniqueViolation } from '../../errors.ts';

const entry = (id: string, person: string, member: string | null = null) =>
  sql`insert into giveaway_entries (id, promotion_id, person_key, entry_day, user_id, member_id, first_name,
    last_name, address_1, city, state, zip, phone, email, created_at)
    values (${id}, 'p', ${person}, '2026-05-01', ${member}, ${member}, 'A', 'B', '1 Main St', 'Erie', 'PA',
    '16501', '8145550100', ${person}, 1)`;

describe('migration 0020: one entry a day per person, member or guest; confirmed winners', () => {
  it('starts on a database holding a member and a guest entry of one person on one day, and keeps the winners shown', async () => {
    const { db, migrateTo, migrateToLatest } = await emptyDatabase();
    await migrateTo('0018_durable_job_queue');
    await sql`insert into users (id, email, password_hash, created_at, updated_at)
      values ('u1', 'm@example.com', 'x', 1, 1)`.execute(db);
    await sql`insert into promotions (id, title, prize, prize_value_cents, starts_on, ends_on, draw_on,
      created_at, updated_at) values ('p', 'P', 'X', 1, '2026-05-01', '2026-05-31', '2026-06-03', 1, 1)`.execute(
      db,
    );
    // Probe 5 as it was let in before: the member under another address, a guest under the account's.
    await entry('e1', 'other@example.com', 'u1').execute(db);
    await entry('e2', 'm@example.com').execute(db);
    await entry('e3', 'm2@example.com', 'u1')
      .execute(db)
      .catch(() => undefined);
    await sql`insert into draws (id, promotion_id, entry_day, winners_wanted, eligible_count, entries_digest,
      seed_hash, seed, committed_at, drawn_at) values ('d', 'p', null, 1, 2, 'x', 'y', 'z', 1, 2)`.execute(
      db,
    );
    await sql`insert into winners (id, draw_id, promotion_id, entry_id, person_key, position, first_name,
      last_name, city, state, prize, created_at)
      values ('w', 'd', 'p', 'e1', 'other@example.com', 1, 'A', 'B', 'Erie', 'PA', 'X', 5)`.execute(db);
    await migrateToLatest();
    const keys = await db
      .selectFrom('giveaway_entry_keys')
      .select(['person', 'entry_id'])
      .orderBy('person')
      .execute();
    expect(keys).toEqual([
      { person: 'account:u1', entry_id: 'e1' },
      { person: 'mailbox:m@example.com', entry_id: 'e2' },
      { person: 'mailbox:other@example.com', entry_id: 'e1' },
    ]);
    const winner = await db.selectFrom('winners').select('confirmed_at').executeTakeFirstOrThrow();
    expect(Number(winner.confirmed_at)).toBe(5);
    const again = await sql`insert into giveaway_entry_keys (promotion_id, entry_day, person, entry_id)
      values ('p', '2026-05-01', 'mailbox:m@example.com', 'e9')`
      .execute(db)
      .catch((error) => error);
    expect(isUniqueViolation(again)).toBe(true);
    const promotion = await db.selectFrom('promotions').select('confirm_days').executeTakeFirstOrThrow();
    expect(promotion.confirm_days).toBe(7);
  });
});
