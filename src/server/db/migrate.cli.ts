// `npm run admin -- db migrate`: the schema migrations as an operator step, run before the servers
// of a new release start (with MIGRATE_ON_START=0 they only check the schema). Safe while the
// previous release serves: migrations only add (docs/decisions/0011-expand-contract-migrations.md).
import type { Command } from 'commander';
import { action } from '../cli.ts';
import { loadConfig } from '../config/index.ts';
import { markDeployContext } from '../netlify-refusals.ts';
import { checkStorage } from '../storage-check.ts';
import { openDatabase } from './database.ts';
import { databaseCommands } from './db.cli.ts';
import { migrateToLatest } from './migrate.ts';

export function registerMigrateCommand(program: Command): void {
  databaseCommands(program)
    .command('migrate')
    .description("Run this release's pending migrations (before starting servers with MIGRATE_ON_START=0)")
    .option(
      '--context <name>',
      "mark the database as the one of this Netlify deploy context ('production'): other contexts refuse it",
    )
    .action(
      action(async (options: { context?: string }) => {
        const config = loadConfig();
        checkStorage(config);
        const handle = openDatabase(config);
        try {
          const applied = await migrateToLatest(handle.db);
          console.log(applied.length > 0 ? `Applied ${applied.join(', ')}.` : 'The database is up to date.');
          if (options.context) {
            await markDeployContext(handle.db, options.context, Date.now());
            console.log(`Marked as the database of the '${options.context}' deploy context.`);
          }
        } finally {
          await handle.close();
        }
      }),
    );
}
