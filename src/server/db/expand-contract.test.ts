// The expand/contract rule (docs/decisions/0011-expand-contract-migrations.md): every migration
// keeps it, and the check refuses each way of breaking it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { type CheckedMigration, contractProblems, recordedSql, removals } from './expand-contract.ts';
import { migrations } from './migrations/index.ts';

const shipped: CheckedMigration[] = Object.entries(migrations).map(([name, migration]) => ({
  name,
  migration,
  source: readFileSync(join(__dirname, 'migrations', `${name.replaceAll('_', '-')}.ts`), 'utf8'),
}));

// biome-ignore lint/suspicious/noExplicitAny: a migration's own type
const migrationOf = (up: (db: Kysely<any>) => Promise<void>): Migration => ({ up });
const dropTable = (table: string) => migrationOf((db) => db.schema.dropTable(table).execute());
/** A new migration after every shipped one, with its header and its up(). */
const withNew = (header: string, migration: Migration): CheckedMigration[] => [
  ...shipped,
  { name: '0099_new', source: `${header}\nimport { type Kysely, sql } from 'kysely';\n`, migration },
];

describe('the expand/contract check', () => {
  it('passes every migration of this release', async () => {
    expect(await contractProblems(shipped)).toEqual([]);
  });

  it('finds drops and renames of tables, columns, indexes and constraints on both databases', async () => {
    const sql = await recordedSql(
      migrationOf(async (db) => {
        await db.schema.dropTable('old_table').ifExists().execute();
        await db.schema.dropIndex('old_index').execute();
        await db.schema.alterTable('users').dropColumn('old_column').execute();
        await db.schema.alterTable('users').renameColumn('renamed_column', 'new_name').execute();
        await db.schema.alterTable('renamed_table').renameTo('new_table').execute();
        await db.schema.alterTable('users').dropConstraint('old_check').execute();
        await db.schema.alterTable('users').addColumn('added', 'text').execute();
      }),
    );
    expect(sql.length).toBe(14); // seven statements, each compiled for SQLite and PostgreSQL
    expect(removals(sql).map((r) => `${r.object} (${r.how})`)).toEqual([
      'old_table (table)',
      'old_index (index)',
      'users.old_column (drop column)',
      'users.renamed_column (rename column)',
      'renamed_table (rename table)',
      'old_check (drop constraint)',
    ]);
  });

  it('refuses a drop that no contract header declares', async () => {
    const problems = await contractProblems(withNew('// Tidying up.', dropTable('rate_limit_hits')));
    expect(problems).toEqual([
      expect.stringContaining("0099_new removes rate_limit_hits (table) without a header line '// contract:"),
    ]);
  });

  it('refuses a drop in raw SQL too', async () => {
    const raw = migrationOf(async (db) => {
      await sql`DROP TABLE rate_limit_hits`.execute(db);
    });
    expect(await contractProblems(withNew('// Tidying up.', raw))).toHaveLength(1);
  });

  it('refuses to drop what this release still uses', async () => {
    const header = '// contract: giveaway_entries (unused since 0014_lean_limits)';
    expect(await contractProblems(withNew(header, dropTable('giveaway_entries')))).toEqual([
      expect.stringMatching(/^0099_new removes giveaway_entries, which this release still uses: .*giveaway/),
      expect.stringContaining('which the release of 0014_lean_limits still used'),
    ]);
  });

  it('refuses to drop a column the schema types still list', async () => {
    const header = '// contract: users.phone (unused since 0014_lean_limits)';
    const drop = migrationOf((db) => db.schema.alterTable('users').dropColumn('phone').execute());
    expect(await contractProblems(withNew(header, drop))).toEqual([
      expect.stringContaining('removes users.phone, which this release still uses: src/server/db/schema.ts'),
      expect.stringContaining('which the release of 0014_lean_limits still used (src/server/db/schema.ts'),
    ]);
  });

  it('refuses to drop what the named earlier release still used (its servers may still run)', async () => {
    // The release that added 0010 still counted limits in rate_limit_hits (0014 moved them).
    const header = '// contract: rate_limit_hits (unused since 0010_contact_mail_claim)';
    expect(await contractProblems(withNew(header, dropTable('rate_limit_hits')))).toEqual([
      expect.stringContaining(
        'removes rate_limit_hits, which the release of 0010_contact_mail_claim still used',
      ),
    ]);
  });

  it("refuses to drop the limits' PostgreSQL functions while the named release still called them", async () => {
    // The release of 0024 counted the public forms' limits with them (src/server/rate-limit.ts).
    const header = '// contract: rate_limit_hit (unused since 0024_guard_counts_planned_small)';
    const drop = migrationOf(async (db) => {
      await sql`drop function if exists rate_limit_hit(text[], integer[], bigint[], boolean[], bigint)`.execute(
        db,
      );
    });
    expect(await contractProblems(withNew(header, drop))).toEqual([
      expect.stringContaining(
        'removes rate_limit_hit, which the release of 0024_guard_counts_planned_small still used',
      ),
    ]);
  });

  it("refuses an 'unused since' that names no earlier migration", async () => {
    const header = '// contract: rate_limit_hits (unused since 0100_later)';
    expect(await contractProblems(withNew(header, dropTable('rate_limit_hits')))).toEqual([
      "0099_new: 'unused since 0100_later' must name an earlier migration, or a commit of main's history (a release that added no migration).",
    ]);
  });

  it('takes a commit of the history for a release that added no migration, and reads the tree there', async () => {
    const dropHit = migrationOf(async (db) => {
      await sql`drop function if exists rate_limit_hit(text[], integer[], bigint[], boolean[], bigint)`.execute(
        db,
      );
    });
    // 23eda11 counted the limits in a Kysely transaction on both databases: no call to rate_limit_hit.
    expect(
      await contractProblems(withNew('// contract: rate_limit_hit (unused since 23eda11)', dropHit)),
    ).toEqual([]);
    // 20e25a6 added 0024, whose release still called it.
    expect(
      await contractProblems(withNew('// contract: rate_limit_hit (unused since 20e25a6)', dropHit)),
    ).toEqual([expect.stringContaining('removes rate_limit_hit, which the release of 20e25a6 still used')]);
    // A commit that is not in this branch's history names no release.
    expect(
      await contractProblems(withNew('// contract: rate_limit_hit (unused since 0000000)', dropHit)),
    ).toEqual([expect.stringContaining("'unused since 0000000' must name an earlier migration")]);
  });

  it('accepts dropping what neither this release nor the named earlier one uses', async () => {
    const header = '// contract: rate_limit_hits (unused since 0014_lean_limits)';
    expect(await contractProblems(withNew(header, dropTable('rate_limit_hits')))).toEqual([]);
  });
});
