// Charge card and fleet fueling applications (product.md 3). Only what lists need is in clear: the kind,
// the reference number, the time and a summary name. Everything the applicant typed (SSNs, dates
// of birth, bank account, signatures) is one sealed payload (AES-256-GCM, key id per row), and
// each uploaded file is sealed in application_files. Portable SQL: text ids, bigint epoch-ms.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_created_at').on('applications').column('created_at').execute();

  await db.schema
    .createTable('application_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_files_application_id')
    .on('application_files')
    .column('application_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_files').execute();
  await db.schema.dropTable('applications').execute();
}
