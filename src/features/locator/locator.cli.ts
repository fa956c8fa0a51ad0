// Operator commands for the store list (`npm run admin -- stores import stores.csv`): import the
// stores, update prices, export the list. Files are checked row by row first; nothing is written
// unless every row is valid, and then everything is written in one transaction.
import type { Command } from 'commander';
import type * as v from 'valibot';
import { purgeAfterChange } from '../../server/cdn-purge.ts';
import { action, CliError, progress, withDeps } from '../../server/cli.ts';
import { type RowFileSpec, readRowFile } from '../../server/import-rows.ts';
import { applyPrices, applyStores, priceFile, storeExport, storeFile } from './store-import.server.ts';
import { listStores } from './store-rows.server.ts';

interface FileOptions {
  dryRun?: boolean;
  format?: 'csv' | 'json';
  replace?: boolean;
}

async function load<S extends v.GenericSchema>(
  file: string,
  spec: RowFileSpec<S>,
  options: FileOptions,
): Promise<v.InferOutput<S>[]> {
  const read = await readRowFile(file, spec, options.format);
  switch (read.status) {
    case 'unreadable':
      throw new CliError(`cannot read ${file}: ${read.reason}`);
    case 'malformed':
      throw new CliError(`${file} is not valid ${read.format.toUpperCase()}: ${read.reason}`);
    case 'empty':
      throw new CliError(`${file} holds no rows`);
    case 'invalid':
      for (const error of read.errors) console.error(`${file} ${error}`);
      throw new CliError(`${read.errors.length} of ${read.total} rows are not valid; nothing was imported`);
    case 'valid':
      return read.rows;
  }
}

export function registerLocatorCommands(program: Command): void {
  const stores = program.command('stores').description('The store list and prices of the locator (/stores)');
  stores
    .command('import')
    .description(
      'Load the store list from CSV (header line) or JSON; sample stores are removed. Hours: "24 hours" or "Mo-Fr 06:00-22:00; Sa-Su 07:00-21:00"; features separated by ";"',
    )
    .argument('<file>', 'stores.csv or stores.json')
    .option('--dry-run', 'check every row and report, write nothing')
    .option('--replace', 'also remove stores the file does not list')
    .option('--format <format>', 'csv or json (default: from the file name)')
    .action(
      action(async (file: string, options: FileOptions) => {
        const rows = await load(file, storeFile, options);
        if (options.dryRun) {
          console.log(`${rows.length} stores are valid (dry run: nothing written)`);
          return;
        }
        await withDeps(async (deps) => {
          const summary = await applyStores(deps.db, rows, {
            now: deps.now(),
            replace: options.replace,
            onProgress: (done, total) => progress('stores', done, total),
          });
          console.log(
            `stores imported: ${summary.added} added, ${summary.updated} updated, ${summary.removed} removed`,
          );
        });
        await purgeAfterChange(['stores', 'prices']);
      }),
    );

  stores
    .command('prices')
    .description(
      'Update prices from CSV or JSON with store_number, gas_price, diesel_price (an empty price stays as it is); shows on the site at once',
    )
    .argument('<file>', 'prices.csv or prices.json')
    .option('--dry-run', 'check every row and report, write nothing')
    .option('--format <format>', 'csv or json (default: from the file name)')
    .action(
      action(async (file: string, options: FileOptions) => {
        const rows = await load(file, priceFile, options);
        await withDeps(async (deps) => {
          if (options.dryRun) {
            const known = new Set(
              (await listStores(deps.db, Number.MAX_SAFE_INTEGER)).map((s) => s.data.sStoreNumber),
            );
            const unknown = rows.filter((r) => !known.has(r.store_number)).map((r) => r.store_number);
            if (unknown.length) throw new CliError(`unknown store numbers: ${unknown.join(', ')}`);
            console.log(`${rows.length} price rows are valid (dry run: nothing written)`);
            return;
          }
          const result = await applyPrices(deps.db, rows, {
            now: deps.now(),
            onProgress: (d, t) => progress('prices', d, t),
          });
          if (result.unknown.length)
            throw new CliError(`unknown store numbers: ${result.unknown.join(', ')}; nothing was updated`);
          console.log(`prices updated for ${result.updated} stores`);
        });
        if (!options.dryRun) await purgeAfterChange(['prices']);
      }),
    );

  stores
    .command('export')
    .description('Print the store list as JSON (the API shape, which stores import reads back)')
    .action(
      action(async () => {
        await withDeps(async (deps) => {
          console.log(await storeExport(deps.db));
        });
      }),
    );
}
