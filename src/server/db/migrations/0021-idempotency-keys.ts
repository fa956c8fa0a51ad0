// Idempotency keys (src/server/idempotency.ts, docs/decisions/0016-retries-uploads-and-lingering-close.md):
// the first answer to a creating request, kept a day under a hash of its key and scope, so that a
// retry on any server gets it back. The answer is sealed with a key derived from the client's key,
// which is never stored; of the request, only a hash of its body.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text')
    .addColumn('status', 'integer')
    .addColumn('answer', 'text')
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
