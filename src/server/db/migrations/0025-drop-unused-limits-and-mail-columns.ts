// contract: rate_limit_hit, rate_limit_enforce, rate_limit_take, contact_messages.mail_attempts, contact_messages.mail_error, contact_messages.mail_claimed_until (unused since 23eda11)
// The contract of record 0021's plain guard and record 0010's one retry system (docs/decisions/0011-expand-contract-migrations.md): the limits are
// counted by one Kysely transaction on both databases (src/server/rate-limit.ts) and the contact mail
// is retried by the job queue, so PostgreSQL's functions of 0022-0024 and the contact mail's own
// retry columns (0004, 0010) have had no caller since the release of commit 23eda11, which added no
// migration of its own and is therefore named by its commit.
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { up as guardOf0023 } from './0023-guard-with-the-write.ts';
import { up as guardOf0024 } from './0024-guard-counts-planned-small.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

const MAIL_COLUMNS = ['mail_attempts', 'mail_error', 'mail_claimed_until'];

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of MAIL_COLUMNS) {
    await db.schema.alterTable('contact_messages').dropColumn(column).execute();
  }
  if (isSqlite(db)) return;
  await sql`drop function if exists rate_limit_enforce(text[], integer[], bigint[], bigint)`.execute(db);
  await sql`drop function if exists rate_limit_hit(text[], integer[], bigint[], boolean[], bigint)`.execute(
    db,
  );
  await sql`drop function if exists rate_limit_take(text[], integer[], bigint[], boolean[], bigint)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  const table = () => db.schema.alterTable('contact_messages');
  await table()
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table().addColumn('mail_error', 'text').execute();
  await table().addColumn('mail_claimed_until', 'bigint').execute();
  await guardOf0023(db);
  await guardOf0024(db);
}
