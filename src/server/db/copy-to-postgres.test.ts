// db copy-to-postgres copies every table (docs/decisions/0010): a SQLite database with rows in every
// table of the schema (each feature's sample data, then direct rows for the rest; a table nobody
// fills fails the test by name, so a new table cannot be forgotten) is copied to PostgreSQL, and
// each table's row count and checksum (its rows in primary-key order) must match.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../../tests/support/test-api.ts';
import { seeders } from '../../features/seeds.ts';
import { takeLease } from '../jobs/lease.ts';
import { enqueueMail } from '../jobs/queue.ts';
import { copySqliteToPostgres } from './backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { runSeeders } from './seed.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-copy-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Rows for the tables the samples leave empty: written as the features would store them. */
async function fillTheRest(db: Kysely<Database>) {
  const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('sessions')
    .values({ token_hash: 's1', user_id: user.id, created_at: NOW, expires_at: NOW + 1 })
    .execute();
  await db
    .insertInto('password_resets')
    .values({ token_hash: 'r1', user_id: user.id, created_at: NOW, expires_at: NOW + 1, used_at: null })
    .execute();
  await db
    .insertInto('email_confirmations')
    .values({ token_hash: 'c1', user_id: user.id, created_at: NOW, expires_at: NOW + 1, used_at: null })
    .execute();
  await db
    .insertInto('mailing_list_members')
    .values({ id: randomUUID(), email: 'list@example.com', list: 'news', source: 'test', created_at: NOW })
    .execute();
  await db
    .insertInto('rate_limit_counts')
    .values([
      { key: 'k:a', at: NOW, hits: 2 },
      { key: 'k:a', at: NOW + 1, hits: 1 },
      { key: 'k:b', at: NOW, hits: 5 },
    ])
    .execute();
  await db.insertInto('used_tokens').values({ token_hash: 't1', expires_at: NOW }).execute();
  await db
    .insertInto('contact_messages')
    .values({
      id: randomUUID(),
      reference: 'KF-TEST-COPY',
      department: 2,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone: '8145550100',
      subject: 'Copy',
      message: 'Ünïcode and "quotes"\nover two lines',
      ip: null,
      user_id: user.id,
      created_at: NOW,
      handled_at: null,
      department_mailed_at: NOW,
      ack_mailed_at: null,
      ack_withheld_at: NOW,
    })
    .execute();
  const application = randomUUID();
  await db
    .insertInto('applications')
    .values({
      id: application,
      kind: 'charge-card',
      reference: 'CC-TEST-COPY',
      created_at: NOW,
      summary: 'Ann Lee',
      key_id: 'k1',
      payload: 'sealed',
    })
    .execute();
  await db
    .insertInto('application_files')
    .values({
      id: randomUUID(),
      application_id: application,
      key_id: 'k1',
      meta: 'sealed',
      content: 'sealed',
    })
    .execute();
  await db
    .insertInto('vitals')
    .values({
      id: randomUUID(),
      path: '/',
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      device: 'mobile',
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('site_settings')
    .values({ name: 'maintenance', value: String(NOW), updated_at: NOW })
    .execute();
  await db
    .insertInto('operator_passes')
    .values({ token_hash: 'p1', expires_at: NOW, created_at: NOW })
    .execute();
  await db
    .insertInto('giveaway_entry_keys')
    .values({
      promotion_id: 'p-copy',
      entry_day: '2026-11-27',
      person: 'mailbox:ann@example.com',
      entry_id: 'e-copy',
    })
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      key_hash: 'i1',
      fingerprint: 'f1',
      status: 201,
      answer: 'sealed',
      locked_until: 0,
      expires_at: NOW + 1,
      created_at: NOW,
    })
    .execute();
  await enqueueMail(db, { to: 'ann@example.com', subject: 'Queued', text: 'A mail in the queue' }, NOW);
  await takeLease(db, { name: 'draw:x', holder: 'test', now: NOW, ms: 1000 });
}

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Row count and a SHA-256 of every row in primary-key order, values as the driver reads them. */
async function fingerprint(db: Kysely<Database>, table: string, key: string[]) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.join(
    key.map((column) => sql.ref(column)),
  )}`.execute(db);
  const hash = createHash('sha256');
  for (const row of rows) {
    const columns = Object.keys(row).sort();
    hash.update(
      JSON.stringify(columns.map((column) => [column, row[column] === null ? null : String(row[column])])),
    );
  }
  return { count: rows.length, checksum: hash.digest('hex') };
}

describe.skipIf(!process.env.DATABASE_URL)('db copy-to-postgres', () => {
  it('copies every table of the schema, with the same counts and checksums', async () => {
    const source = openDatabase({ dataDir });
    await migrateToLatest(source.db);
    await runSeeders(source.db, seeders, NOW);
    await fillTheRest(source.db);
    const tables = await tableNames(source.db);
    const empty: string[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
        source.db,
      );
      if (Number(rows[0]?.n) === 0) empty.push(table);
    }
    expect(empty, 'tables nobody fills: add rows for them in fillTheRest').toEqual([]);

    const pgDatabase = await createPgDatabase(process.env.DATABASE_URL as string);
    const target = openDatabase({ dataDir, databaseUrl: pgDatabase.url });
    try {
      const counts = await copySqliteToPostgres(source.db, target.db, { batch: 2 });
      expect(Object.keys(counts).sort()).toEqual(tables);
      for (const table of tables) {
        const { rows } = await sql<{ name: string }>`
          select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(source.db);
        const key = rows.map((row) => row.name);
        const [from, to] = [
          await fingerprint(source.db, table, key),
          await fingerprint(target.db, table, key),
        ];
        expect(to, table).toEqual(from);
        expect(counts[table], table).toBe(from.count);
      }
    } finally {
      await target.close();
      await source.close();
      await pgDatabase.drop();
    }
  });
});
