// One durable queue for every mail and deferred job (docs/decisions/0010): a job
// is a row, stored with what caused it, claimed under a lease by any one server, retried with
// backoff and finally marked failed with its last error (src/server/jobs/). `leases` holds named
// locks with an end (one draw per promotion at a time, the daily retention run): whoever holds an
// unexpired row holds the lock, and a holder that died holds nothing once it has run out.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_status_run_after').on('jobs').columns(['status', 'run_after']).execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // Contact messages that still owe mail were sent by each server's own sweep, which is gone: they
  // get their job (as src/features/contact/contact-mail.server.ts contactMailJob makes it; the
  // ids are UUIDs, safe inside the JSON text).
  await sql`insert into jobs (id, kind, payload, summary, unique_key, status, attempts, run_after, created_at)
    select 'contact-mail:' || id, 'contact-mail', '{"id":"' || id || '"}', 'contact message ' || reference,
      'contact-mail:' || id, 'queued', 0, created_at, created_at
    from contact_messages
    where department_mailed_at is null or (ack_mailed_at is null and ack_withheld_at is null)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('jobs').execute();
}
