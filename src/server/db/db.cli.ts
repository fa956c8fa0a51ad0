// Operator commands on the database as a whole (`npm run admin -- db backup ...`): see backup.ts.
// Their old names (`db:backup`, `db:restore`, `db:copy-to-postgres`) still work, with a note.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { action, CliError, commandGroup, progress, withDeps, withOldName } from '../cli.ts';
import { loadConfig } from '../config/index.ts';
import { backupSqlite, copySqliteToPostgres, keysReminder, restoreSqlite } from './backup.ts';
import { openDatabase } from './database.ts';

/** The `db` group: backups, the move to PostgreSQL, the schema (migrate.cli.ts). */
export const databaseCommands = (program: Command): Command =>
  commandGroup(program, 'db', 'The database: backups, moving to PostgreSQL, the schema');

export function registerDatabaseCommands(program: Command): void {
  const db = databaseCommands(program);
  withOldName(db, 'backup', 'db:backup', (command) =>
    command
      .description('Write a consistent copy of the SQLite database while the site runs')
      .argument('<file>', 'where to write the copy (must not exist), e.g. backups/kwikfill-2026-11-23.sqlite')
      .action(
        action(async (file: string) => {
          await withDeps(async (deps) => {
            if (deps.dbKind !== 'sqlite') {
              throw new CliError(
                `DATABASE_URL is set: back PostgreSQL up with pg_dump (see docs/operations.md). ${keysReminder(deps.config)}`,
              );
            }
            await backupSqlite(deps.db, resolve(file));
            console.log(`Backup written to ${resolve(file)}`);
            console.log(keysReminder(deps.config));
          });
        }),
      ),
  );

  withOldName(db, 'restore', 'db:restore', (command) =>
    command
      .description('Replace the SQLite database with a backup (stop the server first)')
      .argument('<file>', 'a file written by db backup')
      .option('--yes', 'confirm that the server is stopped and the current data may be replaced')
      .action(
        action(async (file: string, options: { yes?: boolean }) => {
          const config = loadConfig();
          if (config.databaseUrl)
            throw new CliError('DATABASE_URL is set: restore PostgreSQL with pg_restore.');
          if (!options.yes) throw new CliError('Stop the server first, then run again with --yes.');
          try {
            const { replaced } = restoreSqlite(resolve(file), config.dataDir);
            console.log(
              `Restored ${resolve(file)}${replaced ? `; the previous database is kept as ${replaced}` : ''}.`,
            );
          } catch (error) {
            throw new CliError((error as Error).message);
          }
        }),
      ),
  );

  withOldName(db, 'copy-to-postgres', 'db:copy-to-postgres', (command) =>
    command
      .description('Copy every table of the SQLite database (DATA_DIR) into an empty PostgreSQL database')
      .argument('<url>', 'the PostgreSQL connection string, e.g. postgres://user:password@host:5432/kwikfill')
      .action(
        action(async (url: string) => {
          const config = loadConfig();
          if (config.databaseUrl)
            throw new CliError('Unset DATABASE_URL: the source is the SQLite file in DATA_DIR.');
          const source = openDatabase({ dataDir: config.dataDir });
          const target = openDatabase({ ...config, databaseUrl: url });
          try {
            const counts = await copySqliteToPostgres(source.db, target.db, {
              onProgress: (table, done, total) => progress(`copying ${table}`, done, total),
            });
            for (const [table, rows] of Object.entries(counts)) console.log(`${table}: ${rows} rows`);
            console.log('Done. Set DATABASE_URL to this database and restart the server.');
          } catch (error) {
            throw new CliError((error as Error).message);
          } finally {
            await source.close();
            await target.close();
          }
        }),
      ),
  );
}
